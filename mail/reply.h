/*
 * reply.h - find what a player typed in a reply, and the few non-move
 * lines the mail interface understands.
 *
 * inbound_strip_reply() keeps the player's own text. It drops:
 *   - quoted lines (first non-blank character '>');
 *   - everything from an attribution line on: "On ... wrote:" (also when
 *     the mail client wrapped it over two lines), Czech "Dne ...
 *     napsal(a):" / "napsal:" / "napsala:", German "Am ... schrieb ...:";
 *     except when the next non-blank line is quoted with '>' — then the
 *     reply is interleaved (bottom-posted) and only the attribution line
 *     itself and the quoted lines are dropped;
 *   - everything from Outlook's "-----Original Message-----" (any case,
 *     any number of dashes), from an underscore rule followed by a
 *     "From:" line, and from a "From: ..." line followed within three
 *     lines by "Sent: ..." (Czech Outlook: "Od: ..." then "Odesláno: ...");
 *   - everything after a signature separator: a line that is exactly
 *     "-- " or "--".
 * Every other line is kept verbatim (only a trailing CR is removed),
 * blank lines at the start and end are removed, and blank lines that
 * became neighbours because quoted lines between them were dropped are
 * kept as one.
 *
 * Credentials (reply_take_credentials). A player who cannot use the tagged
 * reply address names the game and the seat password in the body, each on
 * a line of its own, key in any case, anywhere among the commands:
 *
 *     game: 42
 *     password: correct-horse
 *
 * or both on one line: "game 42 password correct-horse" (the colons are
 * optional there). A password is one word of printable non-space ASCII.
 * These lines are removed from the text, so they never reach the engine.
 *
 * Absence (reply_take_away). A line "away until YYYY-MM-DD" (any case)
 * declares an absence up to and including that date; a line "back" ends
 * one early; either is removed too.
 */
#ifndef ARBITER_MAIL_REPLY_H
#define ARBITER_MAIL_REPLY_H

#include <stddef.h>

#define REPLY_PASSWORD_MAX 64

/* Return a malloc'ed string holding only the typed part of text (LF line
 * ends, each kept line followed by '\n'), or NULL when memory ran out. */
char *inbound_strip_reply(const char *text);

struct reply_credentials {
	int has_game;
	long game;
	int has_password;
	char password[REPLY_PASSWORD_MAX + 1];
};

/* Find credential lines in text (modified in place: those lines are
 * removed) and store what they say in cred (zeroed first). Returns 0, or
 * -1 with err set when a line starts with "game" / "password" in
 * credential form but its value is malformed (e.g. "game: x" or a password
 * with spaces); the text is then left unchanged. */
int reply_take_credentials(char *text, struct reply_credentials *cred,
    char *err, size_t errlen);

/* Find one "away until YYYY-MM-DD" or "back" line in text. Returns 1 and
 * stores the date (removing the line from text) when an away line is
 * found and the date is real; 2 (date zeroed, line removed) for "back";
 * 0 when there is no such line; -1 with err set when the line is there
 * but the date is malformed or impossible (text unchanged). */
int reply_take_away(char *text, int *year, int *month, int *day, char *err,
    size_t errlen);

/* Parse one line "away until YYYY-MM-DD" (surrounding white space
 * allowed). Returns 1 when it is one with a real date, 2 for a line
 * "back", 0 when the line is neither, -1 when it is an away line but the
 * date is malformed. */
int reply_parse_away(const char *line, size_t len, int *year, int *month,
    int *day);

/*
 * Table talk (reply_take_say). Lines "say TEXT" (any case; "say: TEXT"
 * too) are the player's words to the table, never commands: they are
 * removed from text and their TEXT (trimmed) is written to said, one a
 * line. Returns how many (0: none); -1 with err set when there are more
 * than REPLY_SAY_LINES, one is longer than REPLY_SAY_LINE bytes, or said
 * is too small (text is then unchanged and said empty).
 */
enum { REPLY_SAY_LINES = 5, REPLY_SAY_LINE = 300 };

/*
 * Consent (reply_take_consent). A line "undo", "agree" or "refuse" (any
 * case, alone on its line, a final '.' or '!' allowed) asks the table to
 * take back the last move, or answers such a request.  The lines are
 * removed from text.  Returns 0 when there is none, REPLY_UNDO,
 * REPLY_AGREE or REPLY_REFUSE, -2 when the lines disagree (text is then
 * unchanged), -1 when memory ran out.
 */
enum { REPLY_UNDO = 1, REPLY_AGREE = 2, REPLY_REFUSE = 3 };
int reply_take_consent(char *text);
int reply_take_say(char *text, char *said, size_t len, char *err, size_t errlen);

#endif
