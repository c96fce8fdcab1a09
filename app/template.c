/* template.c - mail and report templates; see app.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "templates.inc"

/* Set from the configuration once per command; the environment is the default. */
static char site_dir[1024];

void
template_set_dir(const char *dir)
{
	snprintf(site_dir, sizeof(site_dir), "%s", dir != NULL ? dir : "");
}

char *
template_load(const char *name)
{
	const char *dir = site_dir[0] != '\0' ? site_dir : getenv("ARBITER_TEMPLATES");
	char path[4096], *text;
	int i;

	if (strchr(name, '/') != NULL)
		return NULL;
	if (dir != NULL && *dir != '\0') {
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		if (read_file(path, &text, NULL) == 0)
			return text;
	}
	for (i = 0; embedded_templates[i].name != NULL; i++)
		if (strcmp(embedded_templates[i].name, name) == 0)
			return strdup(embedded_templates[i].text);
	return NULL;
}

/* Is this template variable "on" for a {{#key}} section? */
static int
truthy(const json_t *v)
{
	if (json_is_string(v))
		return json_string_length(v) > 0;
	if (json_is_integer(v))
		return json_integer_value(v) != 0;
	return json_is_true(v);
}

/* Copy a variable's value into out. */
static void
put_value(const json_t *v, struct sbuf *out)
{
	if (json_is_string(v))
		sb_puts(out, json_string_value(v));
	else if (json_is_integer(v))
		sb_printf(out, "%lld", (long long)json_integer_value(v));
}

int
template_fill(const char *tmpl, const json_t *vars, struct sbuf *out)
{
	const char *p = tmpl;

	while (*p != '\0') {
		const char *open = strstr(p, "{{"), *close;
		char key[64];
		size_t klen;
		const json_t *v;

		if (open == NULL) {
			sb_puts(out, p);
			break;
		}
		sb_putn(out, p, (size_t)(open - p));
		close = strstr(open + 2, "}}");
		if (close == NULL)
			return -1;
		klen = (size_t)(close - open - 2);
		if (klen == 0 || klen >= sizeof(key))
			return -1;
		memcpy(key, open + 2, klen);
		key[klen] = '\0';
		p = close + 2;
		if (key[0] == '#') {
			char end[70];
			const char *stop;

			snprintf(end, sizeof(end), "{{/%s}}", key + 1);
			stop = strstr(p, end);
			if (stop == NULL)
				return -1;
			v = json_object_get(vars, key + 1);
			if (truthy(v)) {
				char *inner = strndup(p, (size_t)(stop - p));
				int rc;

				if (inner == NULL)
					return -1;
				rc = template_fill(inner, vars, out);
				free(inner);
				if (rc != 0)
					return -1;
			}
			p = stop + strlen(end);
			/* A section on a line of its own leaves no blank line. */
			if (*p == '\n' && (open == tmpl || open[-1] == '\n'))
				p++;
			continue;
		}
		v = json_object_get(vars, key);
		put_value(v, out);
	}
	return out->oom ? -1 : 0;
}

int
template_render(const char *name, const json_t *vars, struct sbuf *out)
{
	char *t = template_load(name);
	int rc;

	if (t == NULL)
		return -1;
	rc = template_fill(t, vars, out);
	free(t);
	return rc;
}
