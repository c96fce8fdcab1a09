/* options.c - game options as stored: a JSON array of [key, value] pairs. */
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
