/* import.c - the container engines fill when splitting a foreign log. */
#include <stdlib.h>
#include <string.h>

#include "game.h"

void
game_import_free(struct game_import *imp)
{
	int i;

	for (i = 0; i < imp->nopts; i++) {
		free((char *)imp->opts[i].key);
		free((char *)imp->opts[i].value);
	}
	free(imp->opts);
	for (i = 0; i < imp->nsubs; i++)
		free(imp->subs[i].text);
	free(imp->subs);
	if (imp->labels != NULL) {
		for (i = 0; i < imp->nseats; i++)
			free(imp->labels[i]);
		free(imp->labels);
	}
	memset(imp, 0, sizeof(*imp));
}

int
game_import_add_opt(struct game_import *imp, const char *key, const char *value)
{
	struct game_opt *o;
	char *k, *v;

	o = realloc(imp->opts, sizeof(*o) * (size_t)(imp->nopts + 1));
	if (o == NULL)
		return -1;
	imp->opts = o;
	k = strdup(key);
	v = strdup(value != NULL ? value : "");
	if (k == NULL || v == NULL) {
		free(k);
		free(v);
		return -1;
	}
	o[imp->nopts].key = k;
	o[imp->nopts].value = v;
	imp->nopts++;
	return 0;
}

int
game_import_add_sub(struct game_import *imp, int seat, int line, const char *text)
{
	struct game_import_sub *s;
	char *t;

	s = realloc(imp->subs, sizeof(*s) * (size_t)(imp->nsubs + 1));
	if (s == NULL)
		return -1;
	imp->subs = s;
	if ((t = strdup(text)) == NULL)
		return -1;
	s[imp->nsubs].seat = seat;
	s[imp->nsubs].line = line;
	s[imp->nsubs].text = t;
	imp->nsubs++;
	return 0;
}
