/*
 * rules.h - what the files of the Tigris & Euphrates rules share among
 * themselves (not the tests): parse.c uses rules.c, rules.c uses
 * conflict.c, and both use state.c; never the other way.
 */
#ifndef ARBITER_TIGRIS_RULES_H
#define ARBITER_TIGRIS_RULES_H

#include "tigris.h"

/* state.c */
const char *tg_plural(int n);
void tg_game_over(struct tigris *st, int why);
int tg_draw_into(struct tigris *st, int seat, int n);
void tg_award(struct tigris *st, int seat, int colour, int n);
void tg_withdraw_leader(struct tigris *st, int seat, int colour);
void tg_withdraw_orphans(struct tigris *st);

/* conflict.c */
void tg_start_war(struct tigris *st, int colour);
void tg_start_revolt(struct tigris *st, int seat, int colour, int sq, int other);
void tg_resolve_revolt(struct tigris *st, int def_add);
void tg_resolve_war(struct tigris *st, int def_add);
int tg_monument_possible(const struct tigris *st);
void tg_build_monument(struct tigris *st, int m, int tl);
int tg_building_possible(const struct tigris *st);
void tg_take_treasure(struct tigris *st, int seat, int sq);

/* rules.c: the walk, the actions and the decisions */
void tg_end_turn(struct tigris *st);
void tg_proceed(struct tigris *st);
enum game_status tg_act_tile(struct tigris *st, int seat, int colour, int sq, char *err,
    size_t errlen);
enum game_status tg_act_leader(struct tigris *st, int seat, int colour, int sq, char *err,
    size_t errlen);
enum game_status tg_act_withdraw(struct tigris *st, int seat, int colour, char *err,
    size_t errlen);
enum game_status tg_act_catastrophe(struct tigris *st, int seat, int sq, char *err,
    size_t errlen);
enum game_status tg_act_swap(struct tigris *st, int seat, const int counts[TG_NCOL],
    char *err, size_t errlen);
enum game_status tg_dec_support(struct tigris *st, int seat, int n, char *err,
    size_t errlen);
enum game_status tg_dec_conflict(struct tigris *st, int colour, char *err, size_t errlen);
int tg_monument_by_colours(int a, int b);
enum game_status tg_dec_monument(struct tigris *st, int m, int tl, char *err,
    size_t errlen);
enum game_status tg_dec_building(struct tigris *st, int colour, int sq, char *err,
    size_t errlen);
enum game_status tg_dec_treasure(struct tigris *st, int seat, char **words, int nw,
    char *err, size_t errlen);

#endif
