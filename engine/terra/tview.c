/*
 * tview.c - the Terra Mystica engine's plain-text report (render_text()
 * and render_board()), and over() and score().  The JSON view is in
 * tjson.c, moves() and check() in tmoves.c.  Terra Mystica has no hidden
 * information.
 */
#include <stdio.h>
#include <string.h>

#include "terra.h"

/* over(): 1 once final scoring was done. */
int
tm_over(const void *st)
{
	const struct tm_state *s = st;

	return s->over;
}

/* score(): every faction's VP, all public; ranks at the end. */
void
tm_score(const void *st, int viewer, struct game_score *out)
{
	const struct tm_state *s = st;
	int i, j;

	(void)viewer;
	memset(out, 0, sizeof(*out));
	out->nseats = s->nseats;
	for (i = 0; i < s->nseats; i++) {
		out->visible[i] = 1;
		out->score[i] = s->pl[i].vp;
		if (s->pl[i].faction >= 0)
			snprintf(out->label[i], GAME_LABEL_LEN, "%s",
			    tm_fdefs[s->pl[i].faction].name);
	}
	if (!s->over)
		return;
	for (i = 0; i < s->nseats; i++) {
		out->rank[i] = 1;
		for (j = 0; j < s->nseats; j++)
			if (s->pl[j].vp > s->pl[i].vp)
				out->rank[i]++;
	}
}

/* Append a word to the report, starting a new indented line past 78 columns. */
static void
wrap_word(struct sbuf *out, size_t *col, const char *word)
{
	size_t n = strlen(word);

	if (*col + n + 1 > 78) {
		sb_puts(out, "\n   ");
		*col = 3;
	}
	sb_putc(out, ' ');
	sb_puts(out, word);
	*col += n + 1;
}

/* Append text after a prefix, wrapped at 78 columns with an indent. */
static void
wrap_text(struct sbuf *out, const char *prefix, const char *text)
{
	char word[TM_LAST_LEN];
	size_t col = strlen(prefix), n;
	const char *p = text;

	sb_puts(out, prefix);
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		n = strcspn(p, " ");
		if (n == 0)
			break;
		if (n >= sizeof(word))
			n = sizeof(word) - 1;
		memcpy(word, p, n);
		word[n] = '\0';
		wrap_word(out, &col, word);
		p += n;
	}
	sb_putc(out, '\n');
}

/* One character for a cell's terrain on the map. */
static char
terrain_letter(int c)
{
	return "YUKBGSR~IV"[c];
}

/* The hex map: two lines per row (names+terrain, building+seat). */
static void
render_map(const struct tm_state *s, struct sbuf *out)
{
	int row, i;

	sb_printf(out, "Map (Y desert U plains K swamp B lakes G forest S mountains "
	    "R wasteland ~ river)\n  %s%sbuilding+seat number, * = part of a town\n",
	    s->opt_fi_ice ? "I ice, " : "", s->opt_fi_volcano ? "V volcano, " : "");
	if (s->map_id[0] != '\0')
		sb_printf(out, "  on the map of the game's options; the site names it\n  %s\n",
		    s->map_id);
	for (row = 0; row < 9; row++) {
		int pass;

		for (pass = 0; pass < 2; pass++) {
			if (row % 2 == 1)
				sb_puts(out, "   ");
			for (i = 0; i < TM_NCELLS; i++) {
				if (s->cells[i].row != row)
					continue;
				if (pass == 0) {
					size_t n = strlen(s->cells[i].name);

					/* (the map's hundred cells: appended, not formatted) */
					if (s->cells[i].color == TC_RIVER) {
						sb_puts(out, "  ~   ");
						continue;
					}
					sb_puts(out, s->cells[i].name);
					sb_repeat(out, ' ', n < 3 ? 3 - n : 0);
					sb_putc(out, terrain_letter(s->terrain[i]));
					sb_puts(out, "  ");
				} else if (s->bld[i] != TB_NONE) {
					sb_printf(out, "%s%d%c%*s", tm_bld_names[(int)s->bld[i]],
					    s->owner[i] + 1, s->town[i] ? '*' : ' ',
					    (int)(3 - strlen(tm_bld_names[(int)s->bld[i]])), "");
				} else {
					sb_puts(out, "      ");
				}
			}
			while (out->len > 0 && out->s[out->len - 1] == ' ')
				out->s[--out->len] = '\0';
			sb_putc(out, '\n');
		}
	}
	if (s->nbridge > 0) {
		size_t col = 8;
		char w[32];

		sb_puts(out, "Bridges:");
		for (i = 0; i < s->nbridge; i++) {
			/* the seat counted from 1, as on the map */
			snprintf(w, sizeof(w), "%s:%s(%d)", s->cells[s->bridge[i][0]].name,
			    s->cells[s->bridge[i][1]].name, s->bridge[i][2] + 1);
			wrap_word(out, &col, w);
		}
		sb_putc(out, '\n');
	}
}

/* Cult tracks with positions, priests on the action spaces and keys. */
static void
render_cults(const struct tm_state *s, struct sbuf *out)
{
	int k, i, j;

	sb_puts(out, "\nCults   ");
	for (i = 0; i < s->nseats; i++)
		sb_printf(out, " %6.6s", s->pl[i].faction >= 0 ?
		    tm_fdefs[s->pl[i].faction].name : "-");
	sb_puts(out, "  priest spaces 3/2/2/2\n");
	for (k = 0; k < 4; k++) {
		sb_printf(out, "%-8s", tm_cult_names[k]);
		for (i = 0; i < s->nseats; i++)
			sb_printf(out, " %6d", s->pl[i].cult[k]);
		sb_puts(out, " ");
		for (j = 0; j < 4; j++) {
			if (s->slot[k][j])	/* seat + 1: the seat counted from 1, as on the map */
				sb_printf(out, " %d", s->slot[k][j]);
			else
				sb_puts(out, " .");
		}
		sb_putc(out, '\n');
	}
	sb_printf(out, "%-8s", "keys");
	for (i = 0; i < s->nseats; i++)
		sb_printf(out, " %6d", s->pl[i].keys);
	sb_putc(out, '\n');
}

/*
 * Append one entry of a list to the report: " | " between entries, a new
 * line indented by four spaces when the entry would pass 78 columns.
 */
static void
wrap_entry(struct sbuf *out, size_t *col, const char *entry, int first)
{
	size_t n = strlen(entry);

	if (!first && *col + 3 + n > 78) {
		sb_puts(out, " |\n    ");
		*col = 4;
	} else if (!first) {
		sb_puts(out, " | ");
		*col += 3;
	} else {
		sb_putc(out, ' ');
		(*col)++;
	}
	sb_puts(out, entry);
	*col += n;
}

/* The faction holding bonus tile n, or NULL. */
static const char *
bon_holder(const struct tm_state *s, int n)
{
	int i;

	for (i = 0; i < s->nseats; i++)
		if (s->pl[i].bon == n && s->pl[i].faction >= 0)
			return tm_fdefs[s->pl[i].faction].name;
	return NULL;
}

/*
 * Tiles: scoring with the current round; bonus tiles in play (coins on
 * those left, the holder of the others), favor and town tiles with how
 * many are left; each with what it gives (issue 27: tiles in words).
 */
static void
render_tiles(const struct tm_state *s, struct sbuf *out)
{
	char w[96];
	size_t col;
	int i, k, n, town;

	sb_puts(out, "\nScoring tiles:\n");
	for (i = 0; i < 6; i++)
		sb_printf(out, "%s R%d SCORE%d %s\n", s->round == i + 1 &&
		    s->phase == TP_ACTIONS ? ">" : " ", i + 1, s->score_tile[i],
		    tm_score_desc(s->score_tile[i]));
	if (s->final_tile != TFS_NONE)
		sb_printf(out, "Final scoring tile: %s (18/12/6 VP)\n",
		    tm_final_names[s->final_tile]);
	sb_puts(out, "Bonus tiles (coins on those left):");
	col = 34;
	for (i = 1, k = 0; i <= TM_NBON; i++) {
		const char *held = bon_holder(s, i);

		if (s->bon_avail[i])
			snprintf(w, sizeof(w), "BON%d(%dC) %s", i, s->bon_coins[i], tm_bon_desc(i));
		else if (held != NULL)
			snprintf(w, sizeof(w), "BON%d(%s) %s", i, held, tm_bon_desc(i));
		else
			continue;
		wrap_entry(out, &col, w, k++ == 0);
	}
	sb_puts(out, "\nFavor tiles (how many left):");
	col = 28;
	for (i = 1, k = 0; i <= TM_NFAV; i++) {
		snprintf(w, sizeof(w), "FAV%d x%d %s", i, s->fav_left[i], tm_fav_desc(i));
		wrap_entry(out, &col, w, k++ == 0);
	}
	sb_puts(out, "\nTown tiles (how many left):");
	col = 27;
	for (i = 1, k = 0; i <= TM_NTW; i++) {
		for (n = town = 0; n < s->nseats; n++)
			town += s->pl[n].tw[i];
		if (s->tw_left[i] == 0 && town == 0)
			continue;	/* not in this game */
		snprintf(w, sizeof(w), "TW%d x%d %s", i, s->tw_left[i], tm_tw_desc(i));
		wrap_entry(out, &col, w, k++ == 0);
	}
	sb_puts(out, "\nPower actions taken:");
	for (i = 1; i <= 6; i++)
		if (s->act_used[i])
			sb_printf(out, " ACT%d", i);
	sb_putc(out, '\n');
}

/* One block per faction with its resources and buildings left. */
static void
render_factions(const struct tm_state *s, const char *const *names,
    struct sbuf *out)
{
	static const int limit[TB_COUNT] = { 0, 8, 4, 3, 1, 1 };
	int i, j, k;
	char b[32], w[16];
	size_t col;

	sb_putc(out, '\n');
	for (i = 0; i < s->nseats; i++) {
		const struct tm_player *p = &s->pl[i];

		sb_printf(out, "%d %-14s %-16.16s %3d VP%s%s\n", i + 1, tm_fname(s, i, b, sizeof(b)),
		    names != NULL ? names[i] : "", p->vp, p->passed ? " passed" : "",
		    p->dropped ? " (left the game)" : "");
		if (p->faction < 0)
			continue;
		sb_printf(out, "  %dC %dW %dP power %d/%d/%d ship %d dig %d bridges %d",
		    p->c, p->w, p->p, p->pw[0], p->pw[1], p->pw[2], p->ship, p->dig,
		    p->bridges);
		/* no tile held (a faction that left, or round 6 passed): none shown */
		if (p->bon > 0)
			sb_printf(out, " BON%d", p->bon);
		sb_putc(out, '\n');
		/* a Fire & Ice faction's own line: its hook */
		if (tm_hooks(p->faction)->render != NULL)
			tm_hooks(p->faction)->render(s, i, out);
		sb_puts(out, "  left:");
		for (j = TB_D; j < TB_COUNT; j++)
			sb_printf(out, " %s %d", tm_bld_names[j], limit[j] - p->nb[j]);
		sb_puts(out, "\n  tiles:");
		if (p->towns == 0 && p->fav[1] + p->fav[2] + p->fav[3] + p->fav[4] +
		    p->fav[5] + p->fav[6] + p->fav[7] + p->fav[8] + p->fav[9] +
		    p->fav[10] + p->fav[11] + p->fav[12] == 0)
			sb_puts(out, " none");
		col = 8;
		for (j = 1; j <= TM_NFAV; j++)
			if (p->fav[j]) {
				snprintf(w, sizeof(w), "FAV%d", j);
				wrap_word(out, &col, w);
			}
		for (j = 1; j <= TM_NTW; j++)
			for (k = 0; k < p->tw[j]; k++) {
				snprintf(w, sizeof(w), "TW%d", j);
				wrap_word(out, &col, w);
			}
		sb_putc(out, '\n');
		if (s->over)
			sb_printf(out, "  final scoring: cults +%d, network %d +%d, "
			    "resources +%d\n", p->final_cult, p->network, p->final_net,
			    p->final_res);
		if (s->over && s->final_tile != TFS_NONE)
			sb_printf(out, "  final tile %s: %d +%d\n",
			    tm_final_names[s->final_tile], p->fi_value, p->final_fi);
	}
}

/* A seat in the orders: its faction, or before it chose, its player's
 * name (issue 27), the seat number only without names. */
static const char *
seat_word(const struct tm_state *s, int seat, const char *const *names, char *b, size_t len)
{
	if (s->pl[seat].faction < 0 && names != NULL && names[seat] != NULL &&
	    names[seat][0] != '\0')
		return names[seat];
	return tm_fname(s, seat, b, len);
}

/*
 * The player order and the turn order of the round (before round 1 the
 * turn order is the player order).
 */
static void
render_order(const struct tm_state *s, const char *const *names, struct sbuf *out)
{
	char b[32];
	size_t col;
	int i;

	sb_puts(out, "\nPlayer order:");
	col = 13;
	for (i = 0; i < s->nseats; i++) {
		char w[48];

		snprintf(w, sizeof(w), "%d %s%s", s->table[i] + 1, seat_word(s, s->table[i],
		    names, b, sizeof(b)), i + 1 < s->nseats ? "," : "");
		wrap_word(out, &col, w);
	}
	if (s->phase == TP_ACTIONS || s->phase == TP_CULTSPADES) {
		sb_printf(out, "\nTurn order, round %d:", s->round);
		col = 21;
		for (i = 0; i < s->nseats; i++) {
			char w[48];

			snprintf(w, sizeof(w), "%d %s%s", s->order[i] + 1,
			    seat_word(s, s->order[i], names, b, sizeof(b)),
			    i + 1 < s->nseats ? "," : "");
			wrap_word(out, &col, w);
		}
	}
	sb_putc(out, '\n');
}

/* What the round's end and start paid, with the submission that ended it. */
static void
render_ledger(const struct tm_state *s, struct sbuf *out)
{
	char line[TM_LEDGER_LEN], first[32];
	const char *p = s->ledger;
	size_t n, w;

	/* Each line: its first word, then the rest wrapped under it. */
	while (*p != '\0') {
		n = strcspn(p, "\n");
		w = strcspn(p, " \n");
		if (w >= sizeof(first))
			w = 0;
		snprintf(first, sizeof(first), "%.*s", (int)w, p);
		snprintf(line, sizeof(line), "%.*s", (int)(n - w), p + w);
		wrap_text(out, first, line);
		p += n + (p[n] == '\n');
	}
}

/* Every power offer waiting for a seat that has two or more, with what
 * each gives and costs now (the waiting line may not hold them all). */
static void
render_offers(const struct tm_state *s, struct sbuf *out)
{
	char pre[48], line[TM_LAST_LEN];
	int i, j, n;

	for (i = 0; i < s->nseats; i++) {
		char brief[GAME_BRIEF_LEN];

		for (j = n = 0; j < s->noffer; j++)
			n += s->offer[j].to == i;
		if (n < 2)
			continue;
		line[0] = '\0';
		tm_offers_why(s, i, line, sizeof(line), brief, sizeof(brief));
		snprintf(pre, sizeof(pre), "Power offers to %s:", tm_fdefs[s->pl[i].faction].name);
		wrap_text(out, pre, line);
	}
}

/* render_text(): the whole public board; no hidden information exists. */
void
tm_render_board(const void *st, const char *const *names, struct sbuf *out)
{
	const struct tm_state *s = st;

	(void)names;
	sb_printf(out, "Terra Mystica, round %d\n", s->round);
	render_map(s, out);
}

void
tm_render_text(const void *st, int viewer, const char *const *names,
    struct sbuf *out)
{
	const struct tm_state *s = st;
	struct game_wait w;
	int i;

	tm_render_board(st, names, out);
	render_cults(s, out);
	render_tiles(s, out);
	render_factions(s, names, out);
	render_order(s, names, out);
	sb_putc(out, '\n');
	wrap_text(out, "Last:", s->last);
	render_ledger(s, out);
	render_offers(s, out);
	tm_waiting(s, &w);
	if (s->over)
		sb_puts(out, "The game is over.\n");
	for (i = 0; i < s->nseats; i++)
		if (w.mask & (1u << i)) {
			char pre[48];

			snprintf(pre, sizeof(pre), "Waiting for %d %.16s:", i + 1,
			    names != NULL ? names[i] : "");
			wrap_text(out, pre, w.why[i]);
		}
	if (viewer >= 0 && viewer < s->nseats)
		sb_puts(out, "\nBehind your screen\n  Terra Mystica has no hidden "
		    "information.\n");
}

/* glossary(): every tile in words, for `help terra`: a heading per kind
 * of tile, then a line per tile, "  FAV12  AIR +1, ...". */
void
tm_glossary(struct sbuf *out)
{
	static const struct {
		const char *heading, *kind;
		int n;
		const char *(*desc)(int);
	} kinds[] = {
		{ "Bonus tiles (income; an action; VP when passing):\n", "BON", TM_NBON,
		    tm_bon_desc },
		{ "Favor tiles (cult steps when taken; income, VP when building\n"
		    "(D >> 2: 2 VP a dwelling), an action or VP when passing):\n", "FAV", TM_NFAV,
		    tm_fav_desc },
		{ "Town tiles (VP and what the town gives when founded, with a key;\n"
		    "TW6 to TW8 with the option mini-expansion-1):\n", "TW", TM_NTW, tm_tw_desc },
		{ "Scoring tiles (VP for each such thing done in the round; the cult\n"
		    "bonus at its end for every step so far on the track):\n", "SCORE", TM_NSCORE,
		    tm_score_desc },
	};
	char code[16];
	size_t k;
	int i;

	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		sb_puts(out, kinds[k].heading);
		for (i = 1; i <= kinds[k].n; i++) {
			snprintf(code, sizeof(code), "%s%d", kinds[k].kind, i);
			sb_printf(out, "  %-7s%s\n", code, kinds[k].desc(i));
		}
	}
}
