/*
 * test_board.c - the render_board hook gives exactly the leading part of
 * the public text report (what a forum post puts in its code box), for
 * every game that has it, in positions from self-play; and the rest of the
 * report is not empty (whom the game waits for is outside the box).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../app/app.h"
#include "../selfplay.h"

static const struct game_rules *R;
static long CHECKED;
static char BAD[200];

static int
hook(const void *st, char *err, size_t errlen)
{
	static const char *const names[GAME_MAX_SEATS] = { "a", "b", "c", "d", "e",
		"f", "g", "h" };
	struct sbuf text = SBUF_INIT, board = SBUF_INIT;

	(void)err;
	(void)errlen;
	if (BAD[0] != '\0' || CHECKED++ % 5 != 0)
		return 0;
	R->render_text(st, -1, names, &text);
	R->render_board(st, names, &board);
	if (board.len == 0 || board.len >= text.len ||
	    memcmp(sb_str(&text), sb_str(&board), board.len) != 0)
		snprintf(BAD, sizeof(BAD), "the board (%zu bytes) is not the start of the "
		    "report (%zu bytes)", board.len, text.len);
	sb_free(&text);
	sb_free(&board);
	return 0;
}

static void
test_board_leads_the_report(void **state)
{
	const struct game_rules *const *g;

	(void)state;
	for (g = game_all(); *g != NULL; g++) {
		struct selfplay_result res;
		char err[512];

		R = *g;
		assert_non_null(R->render_board);
		CHECKED = 0;
		BAD[0] = '\0';
		if (selfplay_game(R, R->min_seats + 1, NULL, 0, 7, 300, 0, hook, &res, err,
		    sizeof(err)) != 0)
			fail_msg("%s: self-play failed: %s", R->name, err);
		if (BAD[0] != '\0')
			fail_msg("%s: %s", R->name, BAD);
		assert_true(CHECKED > 20);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_board_leads_the_report),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
