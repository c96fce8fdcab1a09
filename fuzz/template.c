/*
 * template.c - fuzz target: the template renderer (app/template.c
 * template_fill).  Input: the template, then optionally a NUL byte and
 * JSON for its variables; without JSON a fixed set of variables is used
 * (strings, numbers, true and false, empty), so sections open and close.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "../app/app.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t tlen = nul != NULL ? (size_t)(nul - data) : size;
	char *tmpl = fuzz_strndup(data, tlen);
	struct sbuf out = SBUF_INIT;
	json_t *vars = NULL;

	if (nul != NULL)
		vars = json_loadb((const char *)nul + 1, size - tlen - 1, 0, NULL);
	if (vars == NULL)
		vars = json_pack("{s:s, s:s, s:i, s:i, s:b, s:b, s:s, s:n}", "name", "ada",
		    "game", "Friday {{game}} game", "n", 17, "zero", 0, "yes", 1, "no", 0,
		    "empty", "", "null");
	if (vars == NULL)
		fuzz_fail("out of memory");
	if (template_fill(tmpl, vars, &out) == 0 && out.oom)
		fuzz_fail("template: succeeded out of memory");
	json_decref(vars);
	sb_free(&out);
	free(tmpl);
	return 0;
}
