/*
 * wt_render.c - the board report as text (80 columns) and as JSON.  The
 * public view shows everything on the table; pending orders (trade orders
 * before resolution, queued development commands, an attacker's split
 * while the defender decides, standing orders) go only to their seat's
 * private view.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "wt.h"

static const char *const phase_name[] = {
	"setup: countries", "setup: development tokens", "II. trade",
	"III. development", "IV. manoeuvres", "game over"
};
static const char *const type_mark = "*$ ";

/* Name of a seat for reports: "FRA (Alice)". */
static void
seat_label(const struct wt_state *s, int seat, const char *const *names,
    char *out, size_t len)
{
	snprintf(out, len, "%s (%s)", wt_seat_code(s, seat),
	    names != NULL && names[seat] != NULL ? names[seat] : "?");
}

/* Compact yield text "F2G1W2$1". */
static void
yield_text(int p, char *out, size_t len)
{
	static const char letter[WT_NRES] = { 'F', 'G', 'W', '$' };
	size_t o = 0;
	int r, n;

	out[0] = '\0';
	for (r = 0; r < WT_NRES; r++) {
		if (wt_provinces[p].yield[r] == 0)
			continue;
		/* A yield of one digit (every one the map has) written by hand:
		 * every province of every seat's map. */
		if (wt_provinces[p].yield[r] >= 0 && wt_provinces[p].yield[r] <= 9 && len - o > 2) {
			out[o++] = letter[r];
			out[o++] = (char)('0' + wt_provinces[p].yield[r]);
			out[o] = '\0';
			continue;
		}
		n = snprintf(out + o, len - o, "%c%d", letter[r], wt_provinces[p].yield[r]);
		if (n < 0 || (size_t)n >= len - o)
			return;
		o += (size_t)n;
	}
}

/*
 * Append text wrapped at 79 columns, never cut: the current line already
 * holds col columns; continuation lines start with indent spaces.  Words
 * longer than a line stay whole.  Ends with a newline.
 */
static void
wrap_text(struct sbuf *out, size_t col, size_t indent, const char *text)
{
	const char *p = text;
	int first = 1;		/* the first word follows what the line holds */

	for (;;) {
		size_t w;

		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		w = strcspn(p, " ");
		if (!first && col + 1 + w > 79) {
			sb_putc(out, '\n');
			sb_repeat(out, ' ', indent);
			col = indent;
		} else if (!first) {
			sb_putc(out, ' ');
			col++;
		}
		sb_putn(out, p, w);
		col += w;
		p += w;
		first = 0;
	}
	sb_putc(out, '\n');
}

/* Append a string to a fixed buffer, truncating quietly (as addf would). */
static void
adds(char *buf, size_t len, const char *str)
{
	size_t o = strlen(buf), n = strlen(str);

	if (o + 1 >= len)
		return;
	if (n > len - 1 - o)
		n = len - 1 - o;
	memcpy(buf + o, str, n);
	buf[o + n] = '\0';
}

/* s, n bytes, left-justified in a column w wide (never cut), as %-*.*s. */
static void
put_col(struct sbuf *out, const char *str, size_t n, size_t w)
{
	sb_putn(out, str, n);
	if (n < w)
		sb_repeat(out, ' ', w - n);
}

/* Append "kindN " (or "kind " for one) for n units of a kind. */
static void
add_units(char *out, size_t len, int kind, int n, int exh, int ap)
{
	if (n == 0)
		return;
	str_addf(out, len, n > 1 ? "%s%d" : "%s", wt_kind_name[kind], n);
	if (exh > 0)
		str_addf(out, len, "x%d", exh);
	if (ap >= 0)
		str_addf(out, len, "(%dap)", ap);
	str_addf(out, len, " ");
}

/* What stands in a province: "fort pri4 cav2", "B:fort", "B:arc". */
static void
pieces_text(const struct wt_state *s, int p, char *out, size_t len)
{
	int side, k, n, x, i, j, barb = wt_has_barb(s, p), here[WT_NUNITS], nhere = 0;

	/* The units in the province, looked for once (not once per side, kind and AP). */
	for (i = 0; i < WT_NUNITS; i++)
		if (s->u[i].prov == p)
			here[nhere++] = i;
	out[0] = '\0';
	if (barb)
		str_addf(out, len, "B:");
	if (s->prov[p].barb_fort)
		str_addf(out, len, "fort ");
	for (side = 0; side <= WT_BARB; side++) {
		if (side >= s->nseats && side != WT_BARB)
			continue;
		if (side != WT_BARB && side == s->prov[p].pieceowner) {
			if (s->prov[p].forts > 0)
				str_addf(out, len, s->prov[p].forts > 1 ? "fort%d " : "fort ",
				    s->prov[p].forts);
			if (s->prov[p].pri > 0)
				str_addf(out, len, "pri%d ", s->prov[p].pri);
		}
		for (k = WT_CAV; k >= WT_INF; k--) {
			/* In the manoeuvres a player's units show the action
			 * points each has left: one group per kind and AP. */
			int apmode = s->phase == PH_MAN && side != WT_BARB, ap, named = 0;

			for (ap = apmode ? WT_MAXAP : -1; ap >= (apmode ? 0 : -1); ap--) {
				n = x = 0;
				for (j = 0; j < nhere; j++) {
					i = here[j];
					if (s->u[i].side == side && s->u[i].kind == k &&
					    (!apmode || s->u[i].ap == ap)) {
						n++;
						x += s->u[i].exhausted;
					}
				}
				if (n > 0 && !named && side != WT_BARB &&
				    side != s->prov[p].owner && side != s->prov[p].pieceowner) {
					str_addf(out, len, "%s:", wt_seat_code(s, side));
					named = 1;
				}
				add_units(out, len, k, n, x, apmode ? ap : -1);
				if (!apmode)
					break;
			}
		}
	}
	n = (int)strlen(out);
	if (n > 0 && out[n - 1] == ' ')
		out[n - 1] = '\0';
}

/* Neighbours "PIC NOR ~WES" (~ marks a sea crossing). */
static void
adj_text(int p, char *out, size_t len)
{
	int i;

	out[0] = '\0';
	/* (every province of every seat's map: appended, not formatted) */
	for (i = 0; i < wt_provinces[p].nadj; i++) {
		if (i)
			adds(out, len, " ");
		if (wt_provinces[p].sea[i])
			adds(out, len, "~");
		adds(out, len, wt_provinces[wt_provinces[p].adj[i]].code);
	}
}

/*
 * One province's row.  The pieces column is 20 wide; more pieces than fit
 * go on further lines in the same column, never cut.
 */
static void
piece_rows(struct sbuf *out, char mark, int p, const char *own, const char *y,
    const char *pc, const char *adj)
{
	const char *rest = pc;
	int first = 1;

	do {
		size_t n = strlen(rest), cut = n;

		if (n > 20) {
			/* Break at the last space within the column. */
			for (cut = 20; cut > 0 && rest[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = strcspn(rest, " ");
		}
		/* "    %c%s %-11s %-5s %-8s %-20.*s %s\n", or "%36s%.*s\n" */
		if (first) {
			sb_repeat(out, ' ', 4);
			sb_putc(out, mark);
			sb_puts(out, wt_provinces[p].code);
			sb_putc(out, ' ');
			put_col(out, wt_provinces[p].name, strlen(wt_provinces[p].name), 11);
			sb_putc(out, ' ');
			put_col(out, own, strlen(own), 5);
			sb_putc(out, ' ');
			put_col(out, y, strlen(y), 8);
			sb_putc(out, ' ');
			put_col(out, rest, cut, 20);
			sb_putc(out, ' ');
			sb_puts(out, adj);
		} else {
			sb_repeat(out, ' ', 36);
			sb_putn(out, rest, cut);
		}
		sb_putc(out, '\n');
		rest += cut;
		while (*rest == ' ')
			rest++;
		first = 0;
	} while (*rest != '\0');
}

/* The map, country by country. */
static void
text_map(const struct wt_state *s, struct sbuf *out)
{
	char y[16], pc[256], adj[40], own[8];
	int c, p, i, who;

	sb_puts(out, "SKETCH (north up; lines are borders, ~ sea crossings)\n");
	for (i = 0; wt_sketch[i] != NULL; i++) {
		sb_puts(out, wt_sketch[i]);
		sb_putc(out, '\n');
	}
	sb_puts(out, "MAP  *capital $trade centre  B: barbarians  x: exhausted  "
	    "~ sea crossing\n");
	if (s->phase == PH_MAN)
		sb_puts(out, "     (3ap): the action points each of these units has left\n");
	sb_puts(out, "     prov name        held  yield    pieces               "
	    "borders\n");
	for (c = 0; c < WT_NCTY; c++) {
		who = -1;
		for (i = 0; i < s->nseats; i++)
			if (s->p[i].country == c)
				who = i;
		sb_printf(out, "%d %s %s%s%s\n", c + 1, wt_countries[c].code,
		    wt_countries[c].name, who >= 0 ? ": home of " : " (unclaimed)",
		    who >= 0 ? wt_seat_code(s, who) : "");
		for (p = 0; p < WT_NPROV; p++) {
			if (wt_provinces[p].country != c)
				continue;
			yield_text(p, y, sizeof(y));
			pieces_text(s, p, pc, sizeof(pc));
			adj_text(p, adj, sizeof(adj));
			own[0] = '\0';
			adds(own, sizeof(own), s->prov[p].owner >= 0 ?
			    wt_seat_code(s, s->prov[p].owner) : wt_has_barb(s, p) ? "barb" :
			    wt_any_piece(s, p) ? "-" : "free");
			piece_rows(out, type_mark[wt_provinces[p].type], p, own, y, pc, adj);
		}
	}
	sb_puts(out, "Sea crossings: ULS~ISL DUB~MER LEI~WES WES~NOR KEN~FLA\n");
}

/* The abilities a seat holds now (T1). */
static void
abilities_text(const struct wt_state *s, int seat, char *out, size_t len)
{
	static const char *const prod[4] = { "Masonry", "Reinforcements",
		"Production tax", "University" };
	static const char *const trade[4] = { "Merchant", "Trade tax", "Master Trader",
		"Monopoly" };
	static const char *const mil[4] = { "Commander", NULL, "Double Strike",
		"Voivode" };
	static const char *const title[3] = { "Builder", "Trader", "Warrior" };
	const struct wt_player *p = &s->p[seat];
	int l, t;

	out[0] = '\0';
	for (l = 4; l <= 7; l++) {
		if (p->track[WT_PROD] >= l)
			str_addf(out, len, "%s, ", prod[l - 4]);
		if (p->track[WT_TRADE_T] >= l)
			str_addf(out, len, "%s, ", trade[l - 4]);
		if (p->track[WT_MIL] >= l && mil[l - 4] != NULL)
			str_addf(out, len, "%s, ", mil[l - 4]);
	}
	for (t = 0; t < WT_NTRACK; t++)
		if (wt_title_holder(s, t) == seat)
			str_addf(out, len, "%s (3 VP), ", title[t]);
	l = (int)strlen(out);
	if (l >= 2)
		out[l - 2] = '\0';
	else
		snprintf(out, len, "none");
}

/* The food a seat's units eat at upkeep (3.1, T4). */
static int
upkeep(const struct wt_state *s, int seat)
{
	int k, food = 0;

	for (k = WT_INF; k <= WT_CAV; k++)
		food += wt_upkeep_food(k) * wt_count_units(s, seat, -1, k);
	return food;
}

/* The seats' stocks, tracks, abilities and VP. */
static void
text_seats(const struct wt_state *s, const char *const *names, struct sbuf *out)
{
	char lab[64], ab[400], rt[40];
	int i, seat, j;

	sb_printf(out, "\nPLAYERS (country order)        VP  food eats goods weap gold"
	    "  prod trade mil\n");
	for (i = 0; i < s->nseats; i++) {
		const struct wt_player *p;

		seat = s->order[i];
		p = &s->p[seat];
		seat_label(s, seat, names, lab, sizeof(lab));
		sb_printf(out, "%-28.28s %4d  %4d %4d %5d %4d %4d  %4s %5s %3s\n", lab,
		    wt_vp(s, seat), p->res[0], upkeep(s, seat), p->res[1], p->res[2], p->res[3],
		    wt_roman[p->track[0]], wt_roman[p->track[1]], wt_roman[p->track[2]]);
		abilities_text(s, seat, ab, sizeof(ab));
		sb_puts(out, "    abilities: ");
		wrap_text(out, 15, 6, ab);
		rt[0] = '\0';
		for (j = 0; j < s->nseats; j++)
			if (p->routes & (1 << j))
				str_addf(rt, sizeof(rt), "%s%s", rt[0] ? " " : "", wt_seat_code(s, j));
		sb_printf(out, "    units %d inf %d arc %d cav, %d forts; routes: %s;%s%s\n",
		    wt_count_units(s, seat, -1, WT_INF), wt_count_units(s, seat, -1, WT_ARC),
		    wt_count_units(s, seat, -1, WT_CAV), wt_forts_on_map(s, seat),
		    rt[0] ? rt : "none",
		    p->unified ? " unified" : "", s->teams && p->team >= 0 ?
		    (p->team == 0 ? " team A" : p->team == 1 ? " team B" : " team C") : "");
	}
	if (s->teams > 0) {
		int t, seat2, vp;

		sb_printf(out, "Team game: team target %d VP; now", s->team_target);
		for (t = 0; t < s->teams; t++) {
			vp = 0;
			for (seat2 = 0; seat2 < s->nseats; seat2++)
				if (s->p[seat2].team == t)
					vp += wt_vp(s, seat2);
			sb_printf(out, "%s team %c %d VP", t ? "," : "", 'A' + t, vp);
		}
		sb_puts(out, "\n");
	} else if (s->nseats >= 2)
		sb_printf(out, "Target: %d VP (end-of-turn check); at most 10 turns\n",
		    wt_vp_target[s->nseats - 2]);
	sb_printf(out, "eats: food the units eat at upkeep, before income; above %d of a\n"
	    "resource goes back to the bank at the end of the turn\n", WT_CAP);
}

/* Wars, peace offers, pending battles. */
static void
text_wars(const struct wt_state *s, struct sbuf *out)
{
	int i, j, any = 0;

	for (i = 0; i < s->nseats; i++)
		for (j = i + 1; j < s->nseats; j++)
			if (s->war[i][j].on) {
				sb_printf(out, "War %s-%s since turn %d%s\n", wt_seat_code(s, i),
				    wt_seat_code(s, j), s->war[i][j].since,
				    s->war[i][j].fought ? " (a battle this turn)" : "");
				any = 1;
			}
	if (!any)
		sb_puts(out, "Wars: none\n");
	for (i = 0; i < s->nseats; i++)
		for (j = 0; j < s->nseats; j++)
			if (s->p[i].peace_offer & (1 << j))
				sb_printf(out, "%s offers peace to %s\n", wt_seat_code(s, i),
				    wt_seat_code(s, j));
	if (s->phase == PH_MAN && s->man_step == MS_DEFEND)
		for (i = 0; i < s->nbattles; i++)
			if (!s->battle[i].done)
				sb_printf(out, "Battle pending at %s: %s attacks %s%s\n",
				    wt_provinces[s->battle[i].prov].code,
				    wt_seat_code(s, wt_man_seat(s)),
				    wt_seat_code(s, s->battle[i].def),
				    s->battle[i].dfn.given ? " (split received)" : "");
}

/* The header: turn, phase, barbarian strength. */
static void
text_head(const struct wt_state *s, struct sbuf *out)
{
	int t = s->turn < 1 ? 1 : s->turn;

	sb_printf(out, "WARRIORS & TRADERS  turn %d of 10  phase: %s\n", s->turn,
	    phase_name[s->phase]);
	sb_printf(out, "Barbarians this turn: inf %d, arc %d, cav %d, fort %d/%d "
	    "(strength/toughness)\n", wt_barb_str(WT_INF, t), wt_barb_str(WT_ARC, t),
	    wt_barb_str(WT_CAV, t), wt_barb_str(WT_FORT, t), wt_barb_tough(WT_FORT, t));
}

/* Whom the game waits for, and the last submission. */
static void
text_tail(const struct wt_state *s, const char *const *names, struct sbuf *out)
{
	struct game_wait w;
	char lab[64];
	const char *p, *nl;
	int i;

	wt_waiting(s, &w);
	sb_puts(out, "\nWaiting for:");
	if (w.mask == 0)
		sb_puts(out, " nobody");
	sb_putc(out, '\n');
	for (i = 0; i < s->nseats; i++)
		if (w.mask & (1u << i)) {
			seat_label(s, i, names, lab, sizeof(lab));
			sb_printf(out, "  %s: ", lab);
			wrap_text(out, 4 + strlen(lab), 4, w.why[i]);
		}
	if (s->phase == PH_OVER) {
		sb_puts(out, "Winner:");
		for (i = 0; i < s->nseats; i++)
			if (s->winner_mask & (1 << i))
				sb_printf(out, " %s", wt_seat_code(s, i));
		sb_putc(out, '\n');
	}
	sb_puts(out, "\nLast submission:\n");
	for (p = s->last; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p) - 1;
		{
			char one[sizeof(s->last)];

			snprintf(one, sizeof(one), "%.*s", (int)(nl - p), p);
			sb_puts(out, "  ");
			wrap_text(out, 2, 4, one);
		}
		if (nl[1] == '\0' || nl[0] != '\n')
			break;
	}
}

/*
 * Line k (from 0) of a seat's orders that the table has not yet seen
 * carried out, as "label: order" (the order in the notation); 0, or -1
 * when there is no line k.  The order alone goes to order when not NULL.
 */
static int
pending_line(const struct wt_state *s, int seat, int k, char *out, size_t len,
    char *order, size_t olen)
{
	const struct wt_player *p = &s->p[seat];
	const struct wt_tradesub *t = &p->ts;
	char a[400] = "";
	const char *label = NULL;
	int i, n = 0, j;

	if (p->ts.sent && s->phase == PH_TRADE) {
		for (i = 0; i < s->nseats; i++) {
			if ((t->close & (1 << i)) && n++ == k)
				snprintf(a, sizeof(a), "close route %s", wt_seat_code(s, i));
			if ((t->open & (1 << i)) && n++ == k)
				snprintf(a, sizeof(a), "open route %s", wt_seat_code(s, i));
		}
		for (i = 0; i < t->ndeals; i++)
			if (n++ == k)
				wt_deal_text(s, &t->deal[i], a, sizeof(a));
		for (i = 0; i < t->nbank; i++)
			if (n++ == k && t->bank[i].buyvp)
				snprintf(a, sizeof(a), "buy %d vp", t->bank[i].amount);
			else if (n - 1 == k)
				snprintf(a, sizeof(a), "trade %d %s for %d %s", t->bank[i].amount,
				    wt_res_name[t->bank[i].from], t->bank[i].got,
				    wt_res_name[t->bank[i].to]);
		if (k < n)
			label = "trade order";
	}
	if (label == NULL && p->q2.type != ACT_NONE && n++ == k) {
		label = "queued action 2";
		wt_act_text(s, &p->q2, a, sizeof(a));
	}
	if (label == NULL && p->qs.type != ACT_NONE && n++ == k) {
		label = "queued special action";
		wt_act_text(s, &p->qs, a, sizeof(a));
	}
	if (label == NULL && p->shift_from >= 0 && n++ == k) {
		label = "queued for the shift step";
		snprintf(a, sizeof(a), "shift %s to %s", wt_track_name[p->shift_from],
		    wt_track_name[p->shift_to]);
	}
	if (label == NULL && p->qunify && n++ == k) {
		label = "queued for the start of the manoeuvres";
		snprintf(a, sizeof(a), "unify");
		for (j = 0; j < p->qunify_n; j++) {
			char one[64];
			size_t o = strlen(a);

			wt_act_text(s, &p->qunify_act[j], one, sizeof(one));
			snprintf(a + o, sizeof(a) - o, "; %s", one);
		}
	}
	if (label == NULL && k >= n && wt_pending_line(s, seat, k - n, a, sizeof(a)) == 0)
		label = strncmp(a, "princess", 8) == 0 || strncmp(a, "unify", 5) == 0 ?
		    "held until your battles are over" : "held until the battle";
	if (label == NULL)
		return -1;
	snprintf(out, len, "%s: %s", label, a);
	if (order != NULL)
		snprintf(order, olen, "%s", a);
	return 0;
}

/* A seat's feeding order as "inf LON, cav EAN" (where the units stand now). */
static void
feed_text(const struct wt_state *s, int seat, char *out, size_t len)
{
	const struct wt_player *p = &s->p[seat];
	int i;

	out[0] = '\0';
	for (i = 0; i < p->nfeed; i++) {
		const struct wt_unit *u = &s->u[p->feed_unit[i]];

		str_addf(out, len, "%s%s %s", i ? ", " : "", wt_kind_name[u->kind],
		    wt_provinces[u->prov].code);
	}
}

/* The private part of a seat's view: its pending and standing orders. */
static void
text_private(const struct wt_state *s, int seat, struct sbuf *out)
{
	const struct wt_player *p = &s->p[seat];
	char line[600], feed[200];
	int k;

	sb_puts(out, "\nBehind your screen\n");
	sb_puts(out, "  No hidden cards or scores in this edition; only your "
	    "pending orders.\n");
	for (k = 0; pending_line(s, seat, k, line, sizeof(line), NULL, 0) == 0; k++) {
		sb_puts(out, "  ");
		wrap_text(out, 2, 4, line);
	}
	if (k == 0)
		sb_puts(out, "  no pending orders\n");
	feed_text(s, seat, feed, sizeof(feed));
	snprintf(line, sizeof(line), "standing orders: defend %s; %s%s%s",
	    p->defend_auto || s->defence_auto ? "auto" : "ask",
	    p->nfeed > 0 ? "feed " : "feed default (strongest first)", feed,
	    p->nfeed > 0 ? " (fed first, wherever they stand; the rest strongest "
	    "first)" : "");
	sb_puts(out, "  ");
	wrap_text(out, 2, 4, line);
}

/* The engine's render_text(): see game.h. */
void
wt_render_board(const void *st, const char *const *names, struct sbuf *out)
{
	(void)names;
	text_head(st, out);
	text_map(st, out);
}

void
wt_render_text(const void *st, int viewer, const char *const *names, struct sbuf *out)
{
	const struct wt_state *s = st;

	wt_render_board(st, names, out);
	text_seats(s, names, out);
	text_wars(s, out);
	text_tail(s, names, out);
	if (viewer >= 0 && viewer < s->nseats)
		text_private(s, viewer, out);
}

/* ------------------------------------------------------------------ JSON */

/*
 * Set a key on an object.  The _new calls of jansson take the reference
 * even when they fail, so a failed set leaves nothing to free; a view that
 * lost a key to memory exhaustion is still a valid object.
 */
static void
put(json_t *o, const char *k, json_t *v)
{
	if (o == NULL || v == NULL) {
		json_decref(v);
		return;
	}
	if (json_object_set_new(o, k, v) != 0)
		return;
}

/* Append to an array, with the same ownership rule as put(). */
static void
append(json_t *a, json_t *v)
{
	if (a == NULL || v == NULL) {
		json_decref(v);
		return;
	}
	if (json_array_append_new(a, v) != 0)
		return;
}

/* A resource bundle as an object. */
static json_t *
res_json(const int *res)
{
	json_t *o = json_object();
	int r;

	for (r = 0; r < WT_NRES; r++)
		put(o, wt_res_name[r], json_integer(res[r]));
	return o;
}

/*
 * Where the map sketch (wt_sketch) writes province p: the column of its
 * code's first letter and the line, for the board pictures; -1 when the
 * sketch lacks it.
 */
static void
sketch_at(int p, int *x, int *y)
{
	const char *code = wt_provinces[p].code, *at;
	int i;

	*x = *y = -1;
	for (i = 0; wt_sketch[i] != NULL; i++)
		for (at = wt_sketch[i]; (at = strstr(at, code)) != NULL; at++)
			if ((at == wt_sketch[i] || !isupper((unsigned char)at[-1])) &&
			    !isupper((unsigned char)at[strlen(code)])) {
				*x = (int)(at - wt_sketch[i]);
				*y = i;
				return;
			}
}

/* One province. */
static json_t *
prov_json(const struct wt_state *s, int p)
{
	static const char *const tname[3] = { "capital", "trade", "normal" };
	json_t *o = json_object(), *units = json_array(), *adj = json_array();
	json_t *sea = json_array();
	int i, k, side, x, y;

	put(o, "code", json_string(wt_provinces[p].code));
	sketch_at(p, &x, &y);
	put(o, "at", json_pack("[ii]", x, y));
	put(o, "name", json_string(wt_provinces[p].name));
	put(o, "country", json_string(wt_countries[wt_provinces[p].country].code));
	put(o, "type", json_string(tname[wt_provinces[p].type]));
	put(o, "yield", res_json(wt_provinces[p].yield));
	put(o, "owner", s->prov[p].owner >= 0 ?
	    json_string(wt_seat_code(s, s->prov[p].owner)) : json_null());
	put(o, "forts", json_integer(s->prov[p].forts));
	put(o, "princesses", json_integer(s->prov[p].pri));
	put(o, "barbarian_fort", json_boolean(s->prov[p].barb_fort));
	for (side = 0; side <= WT_BARB; side++)
		for (k = WT_INF; k <= WT_CAV; k++)
			for (i = 0; i < WT_NUNITS; i++) {
				const struct wt_unit *u = &s->u[i];
				json_t *uo;

				if (u->side != side || u->prov != p || u->kind != k)
					continue;
				uo = json_object();
				put(uo, "side", json_string(wt_seat_code(s, side)));
				put(uo, "kind", json_string(wt_kind_name[k]));
				put(uo, "ap", json_integer(u->ap));
				put(uo, "exhausted", json_boolean(u->exhausted));
				append(units, uo);
			}
	put(o, "units", units);
	for (i = 0; i < wt_provinces[p].nadj; i++) {
		append(adj, json_string(wt_provinces[wt_provinces[p].adj[i]].code));
		if (wt_provinces[p].sea[i])
			append(sea, json_string(wt_provinces[wt_provinces[p].adj[i]].code));
	}
	put(o, "adjacent", adj);
	put(o, "sea_crossings", sea);
	return o;
}

/* One seat. */
static json_t *
seat_json(const struct wt_state *s, int seat, const char *const *names)
{
	const struct wt_player *p = &s->p[seat];
	json_t *o = json_object(), *tr = json_object(), *routes = json_array();
	char ab[200];
	int t, j;

	put(o, "seat", json_integer(seat + 1));
	put(o, "name", json_string(names != NULL && names[seat] != NULL ? names[seat] : ""));
	put(o, "country", p->country >= 0 ? json_string(wt_countries[p->country].code) :
	    json_null());
	put(o, "vp", json_integer(wt_vp(s, seat)));
	put(o, "vp_permanent", json_integer(p->vp_perm));
	put(o, "resources", res_json(p->res));
	for (t = 0; t < WT_NTRACK; t++)
		put(tr, wt_track_name[t], json_integer(p->track[t]));
	put(o, "tracks", tr);
	abilities_text(s, seat, ab, sizeof(ab));
	put(o, "abilities", json_string(ab));
	for (j = 0; j < s->nseats; j++)
		if (p->routes & (1 << j))
			append(routes, json_string(wt_seat_code(s, j)));
	put(o, "routes", routes);
	put(o, "unified", json_boolean(p->unified));
	put(o, "provinces", json_integer(wt_nprov_owned(s, seat)));
	put(o, "forts", json_integer(wt_forts_on_map(s, seat)));
	put(o, "upkeep_food", json_integer(upkeep(s, seat)));
	if (s->teams > 0)
		put(o, "team", json_integer(p->team));
	return o;
}

/* The private object of a seat's view. */
static json_t *
private_json(const struct wt_state *s, int seat)
{
	const struct wt_player *p = &s->p[seat];
	json_t *o = json_object(), *pend = json_array();
	char a[64], a2[600], order[400];
	int k;

	put(o, "note", json_string("no hidden cards or scores; pending orders only"));
	put(o, "trade_orders_sent", json_boolean(p->ts.sent && s->phase == PH_TRADE));
	wt_act_text(s, &p->q2, a, sizeof(a));
	put(o, "queued_action2", json_string(a));
	wt_act_text(s, &p->qs, a, sizeof(a));
	put(o, "queued_special", json_string(a));
	put(o, "queued_shift", p->shift_from >= 0 ? json_string(wt_track_name[p->shift_from]) :
	    json_null());
	put(o, "queued_unify", json_boolean(p->qunify));
	put(o, "defend", json_string(p->defend_auto || s->defence_auto ? "auto" : "ask"));
	put(o, "feed_orders", json_integer(p->nfeed));
	feed_text(s, seat, a2, sizeof(a2));
	put(o, "feed", json_string(p->nfeed > 0 ? a2 : "default"));
	for (k = 0; pend != NULL && pending_line(s, seat, k, a2, sizeof(a2), order,
	    sizeof(order)) == 0; k++)
		append(pend, json_string(order));
	put(o, "pending", pend);
	return o;
}

/* The engine's render_json(): see game.h. */
json_t *
wt_render_json(const void *st, int viewer, const char *const *names)
{
	const struct wt_state *s = st;
	json_t *o = json_object(), *pv = json_array(), *seats = json_array();
	json_t *wars = json_array(), *wait = json_array(), *barb = json_object();
	struct game_wait w;
	int i, j, t = s->turn < 1 ? 1 : s->turn;

	if (o == NULL || pv == NULL || seats == NULL || wars == NULL || wait == NULL ||
	    barb == NULL) {
		json_decref(o);
		json_decref(pv);
		json_decref(seats);
		json_decref(wars);
		json_decref(wait);
		json_decref(barb);
		return NULL;
	}
	put(o, "game", json_string("warriors"));
	put(o, "turn", json_integer(s->turn));
	put(o, "phase", json_string(phase_name[s->phase]));
	put(barb, "inf", json_integer(wt_barb_str(WT_INF, t)));
	put(barb, "arc", json_integer(wt_barb_str(WT_ARC, t)));
	put(barb, "cav", json_integer(wt_barb_str(WT_CAV, t)));
	put(barb, "fort_strength", json_integer(wt_barb_str(WT_FORT, t)));
	put(barb, "fort_toughness", json_integer(wt_barb_tough(WT_FORT, t)));
	put(o, "barbarians", barb);
	for (i = 0; i < WT_NPROV; i++)
		append(pv, prov_json(s, i));
	put(o, "provinces", pv);
	for (i = 0; i < s->nseats; i++)
		append(seats, seat_json(s, s->order[i], names));
	put(o, "seats", seats);
	for (i = 0; i < s->nseats; i++)
		for (j = i + 1; j < s->nseats; j++)
			if (s->war[i][j].on) {
				json_t *wo = json_object();

				put(wo, "a", json_string(wt_seat_code(s, i)));
				put(wo, "b", json_string(wt_seat_code(s, j)));
				put(wo, "since", json_integer(s->war[i][j].since));
				put(wo, "fought", json_boolean(s->war[i][j].fought));
				append(wars, wo);
			}
	put(o, "wars", wars);
	wt_waiting(s, &w);
	for (i = 0; i < s->nseats; i++)
		if (w.mask & (1u << i)) {
			json_t *wo = json_object();

			put(wo, "seat", json_integer(i + 1));
			put(wo, "why", json_string(w.why[i]));
			append(wait, wo);
		}
	put(o, "waiting", wait);
	put(o, "last", json_string(s->last));
	if (s->phase == PH_OVER) {
		json_t *win = json_array();

		for (i = 0; i < s->nseats; i++)
			if (s->winner_mask & (1 << i))
				append(win, json_string(wt_seat_code(s, i)));
		put(o, "winners", win);
	}
	if (viewer >= 0 && viewer < s->nseats)
		put(o, "private", private_json(s, viewer));
	return o;
}
