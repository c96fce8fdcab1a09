/*
 * test_report.c - the text report cuts nothing (issue: the pieces column
 * stopped at 20 characters, "Waiting for" and "Last" lines at 79, the
 * abilities at 64).  In positions from self-play and in a crowded one
 * made by hand: every line fits 80 columns, and every piece the state
 * holds in a province appears in that province's rows of the map.
 */
#include "wt_test.h"
#include "../selfplay.h"

static int NSEATS;
static long CHECKED;

/* Count the pieces the text gives one province: its row and the
 * continuation lines of its pieces column. */
static void
text_counts(const char *text, int p, int count[WT_NKIND], int apsum[WT_NKIND])
{
	const char *line;
	int in = 0;

	memset(count, 0, sizeof(int) * WT_NKIND);
	memset(apsum, 0, sizeof(int) * WT_NKIND);
	for (line = text; *line != '\0';) {
		size_t n = strcspn(line, "\n");
		char buf[200], *tok, *save;

		snprintf(buf, sizeof(buf), "%.*s", (int)n, line);
		if (strlen(buf) > 9 && strncmp(buf + 5, wt_provinces[p].code, 3) == 0 &&
		    strncmp(buf, "    ", 4) == 0 && buf[8] == ' ')
			in = 1;
		else if (in && strncmp(buf, "                                    ", 36) == 0 &&
		    buf[36] != ' ')
			in = 2;
		else
			in = 0;
		if (in) {
			/* The pieces column: 20 wide from column 36 (whole on
			 * continuation lines). */
			char col[64];

			snprintf(col, sizeof(col), "%.*s", in == 1 ? 20 : 40, buf + 36);
			for (tok = strtok_r(col, " ", &save); tok != NULL;
			    tok = strtok_r(NULL, " ", &save)) {
				char *t = strrchr(tok, ':');
				int k, num = 1;

				t = t != NULL ? t + 1 : tok;
				for (k = 0; k < WT_NKIND; k++) {
					size_t kl = strlen(wt_kind_name[k]);

					if (strncmp(t, wt_kind_name[k], kl) == 0) {
						const char *ap = strchr(t, '(');

						if (t[kl] >= '0' && t[kl] <= '9')
							num = atoi(t + kl);
						count[k] += num;
						if (ap != NULL)
							apsum[k] += num * atoi(ap + 1);
						break;
					}
				}
			}
		}
		line += n + (line[n] == '\n');
	}
}

static void
check_report(const struct wt_state *s)
{
	const char *const names[] = { "ada", "bo", "cy", "di", "ed", "flo" };
	struct sbuf out = SBUF_INIT;
	const char *line;
	int p, i, k;

	warriors_rules.render_text(s, -1, names, &out);
	for (line = sb_str(&out); *line != '\0';) {
		size_t n = strcspn(line, "\n");

		if (n > 80)
			fail_msg("a line of %zu columns: %.*s", n, (int)n, line);
		line += n + (line[n] == '\n');
	}
	for (p = 0; p < WT_NPROV; p++) {
		int want[WT_NKIND] = { 0 }, got[WT_NKIND], wantap[WT_NKIND] = { 0 },
		    gotap[WT_NKIND];

		for (i = 0; i < WT_NUNITS; i++)
			if (s->u[i].side >= 0 && s->u[i].prov == p) {
				want[s->u[i].kind]++;
				if (s->phase == PH_MAN && s->u[i].side != WT_BARB)
					wantap[s->u[i].kind] += s->u[i].ap;
			}
		want[WT_FORT] = s->prov[p].forts + (s->prov[p].barb_fort ? 1 : 0);
		want[WT_PRI] = s->prov[p].pri;
		text_counts(sb_str(&out), p, got, gotap);
		for (k = 0; k < WT_NKIND; k++)
			if (gotap[k] != wantap[k])
				fail_msg("%s: the text shows %d action points of %s, the state "
				    "holds %d\n%s", wt_provinces[p].code, gotap[k],
				    wt_kind_name[k], wantap[k], sb_str(&out));
		for (k = 0; k < WT_NKIND; k++)
			if (got[k] != want[k])
				fail_msg("%s: the text shows %d %s, the state holds %d\n%s",
				    wt_provinces[p].code, got[k], wt_kind_name[k], want[k],
				    sb_str(&out));
	}
	CHECKED++;
	sb_free(&out);
}

static int
hook(const void *st, char *err, size_t errlen)
{
	static long calls;

	(void)err;
	(void)errlen;
	if (++calls % 3 == 0)
		check_report(st);
	return 0;
}

static void
test_selfplay_reports(void **state)
{
	struct selfplay_result res;
	char err[512];
	int g;

	(void)state;
	for (g = 0; g < 10; g++) {
		NSEATS = 2 + g % 5;
		if (selfplay_game(&warriors_rules, NSEATS, NULL, 0, (uint64_t)g * 104729 + 5,
		    3000, 0, hook, &res, err, sizeof(err)) != 0)
			fail_msg("self-play: %s", err);
	}
	printf("%ld reports checked\n", CHECKED);
	assert_true(CHECKED > 100);
}

/* A crowded province: every kind of every side, exhausted units, forts. */
static void
test_crowded(void **state)
{
	struct wt_state *s = calloc(1, sizeof(*s));
	char err[256];
	uint8_t seed[GAME_SEED_LEN] = { 7 };
	int i, placed = 0, par = -1, p;

	(void)state;
	assert_non_null(s);
	assert_int_equal(warriors_rules.setup(s, 4, NULL, 0, seed, err, sizeof(err)), 0);
	for (p = 0; p < WT_NPROV; p++)
		if (strcmp(wt_provinces[p].code, "PAR") == 0)
			par = p;
	assert_true(par >= 0);
	for (i = 0; i < WT_NUNITS && placed < 16; i++)
		if (s->u[i].side < 0 || s->u[i].prov != par) {
			s->u[i].side = placed % 5 == 4 ? WT_BARB : placed % 4;
			s->u[i].kind = placed % 3;
			s->u[i].prov = par;
			s->u[i].exhausted = placed % 2;
			placed++;
		}
	s->prov[par].forts = 2;
	s->prov[par].pri = 3;
	s->prov[par].pieceowner = 1;
	s->prov[par].barb_fort = 1;
	check_report(s);
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crowded),
		cmocka_unit_test(test_selfplay_reports),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
