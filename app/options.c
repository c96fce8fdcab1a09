/* options.c - game options as stored: a JSON array of [key, value] pairs. */
#include <stdio.h>
#include <string.h>

#include "app.h"

int
optset_from_json(const char *text, struct optset *o)
{
	json_error_t jerr;
	size_t i;

	memset(o, 0, sizeof(*o));
	o->json = json_loads(text, 0, &jerr);
	if (o->json == NULL || !json_is_array(o->json) ||
	    json_array_size(o->json) > sizeof(o->opt) / sizeof(o->opt[0]))
		goto bad;
	for (i = 0; i < json_array_size(o->json); i++) {
		json_t *pair = json_array_get(o->json, i);
		const char *k = json_string_value(json_array_get(pair, 0));
		const char *v = json_string_value(json_array_get(pair, 1));

		if (k == NULL || v == NULL)
			goto bad;
		o->opt[o->n].key = k;
		o->opt[o->n].value = v;
		o->n++;
	}
	return 0;
bad:
	optset_free(o);
	return -1;
}

void
optset_free(struct optset *o)
{
	json_decref(o->json);
	memset(o, 0, sizeof(*o));
}

void
options_describe(const char *json, char *buf, size_t len)
{
	struct optset o;
	size_t n = 0;
	int i;

	snprintf(buf, len, "none");
	if (json == NULL || optset_from_json(json, &o) != 0)
		return;
	for (i = 0; i < o.n && n < len; i++) {
		const char *v = o.opt[i].value, *p;
		int lines = 0;

		/* A file's text (Terra's map) is on the board; here its size. */
		for (p = v; (p = strchr(p, '\n')) != NULL; p++)
			lines++;
		if (lines > 0)
			n += (size_t)snprintf(buf + n, len - n, "%s%s=(a file of %d lines)",
			    i ? ", " : "", o.opt[i].key, lines);
		else
			n += (size_t)snprintf(buf + n, len - n, "%s%s%s%s", i ? ", " : "",
			    o.opt[i].key, v[0] ? "=" : "", v);
	}
	optset_free(&o);
}
