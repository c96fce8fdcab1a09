/*
 * test_text.c - the reasons submission_check gives are themselves valid
 * UTF-8, so an answer mail or JSON can carry them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "../../app/app.h"

/*
 * Found by fuzz/inmail: a line with choices left, longer than the 60 bytes
 * quoted, was cut inside a character; the answer could not be made and the
 * mail failed as "the database failed without giving a reason".
 */
static void
test_choices_quote_whole_characters(void **state)
{
	char text[400], err[512], why[300];
	int lead, i;

	(void)state;
	for (lead = 0; lead < 3; lead++) {
		size_t n = 0;

		for (i = 0; i < lead; i++)
			text[n++] = 'x';
		for (i = 0; i < 40; i++) {
			memcpy(text + n, "\xe2\x82\xac", 3);	/* U+20AC, 3 bytes */
			n += 3;
		}
		memcpy(text + n, " | pass", 8);
		n += 7;
		assert_int_equal(submission_check(text, n, err, sizeof(err)), -1);
		assert_non_null(strstr(err, "still offers choices"));
		if (text_check(err, strlen(err), why, sizeof(why)) != 0)
			fail_msg("lead %d: the reason is not valid UTF-8: %s", lead, why);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_choices_quote_whole_characters),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
