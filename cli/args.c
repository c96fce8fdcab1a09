/* args.c - option parsing shared by every command; see cli.h. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Append v to a NULL-terminated, malloc'ed list. */
static int
many_push(const char ***list, const char *v)
{
	size_t n = 0;
	const char **l = *list;

	while (l != NULL && l[n] != NULL)
		n++;
	l = realloc(l, sizeof(*l) * (n + 2));
	if (l == NULL)
		return -1;
	l[n] = v;
	l[n + 1] = NULL;
	*list = l;
	return 0;
}

static int
set_format(struct ctx *c, const char *v)
{
	int f;

	for (f = 0; f < FMT_COUNT; f++)
		if (strcmp(v, format_names[f]) == 0) {
			c->format = (enum format)f;
			return 0;
		}
	return -1;
}

/* "text, bbcode, markdown or json" */
void
format_list(char *buf, size_t len, const char *sep, const char *last)
{
	size_t n = 0;
	int f;

	buf[0] = '\0';
	for (f = 0; f < FMT_COUNT && n < len; f++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", f == 0 ? "" :
		    f + 1 == FMT_COUNT ? last : sep, format_names[f]);
}

/* Handle one global option; 1 when it was one, 0 when not, -1 on error. */
static int
global_opt(struct ctx *c, const char *name, const char *val)
{
	if (strcmp(name, "db") == 0) {
		c->db = val;
		c->db_default = 0;
	}
	else if (strcmp(name, "config") == 0)
		c->config = val;
	else if (strcmp(name, "format") == 0) {
		if (set_format(c, val) != 0) {
			char names[128];

			format_list(names, sizeof(names), ", ", " or ");
			fprintf(stderr, "%s: --format must be %s\n", c->prog, names);
			return -1;
		}
	} else
		return 0;
	return 1;
}

/* -o, the short form of --output where a command has it; else NULL. */
static const struct opt_spec *
letter_find(const struct opt_spec *specs, const char *a)
{
	if (strcmp(a, "-o") != 0)
		return NULL;
	for (; specs != NULL && specs->name != NULL; specs++)
		if (strcmp(specs->name, "output") == 0 && specs->has_arg && specs->many == NULL)
			return specs;
	return NULL;
}

static const struct opt_spec *
spec_find(const struct opt_spec *specs, const char *name, size_t len)
{
	for (; specs != NULL && specs->name != NULL; specs++)
		if (strlen(specs->name) == len && strncmp(specs->name, name, len) == 0)
			return specs;
	return NULL;
}

int
args_parse(struct ctx *c, const struct cmd_entry *e, int argc, char **argv,
    const struct opt_spec *specs, char ***operands, int *noperands)
{
	static const char *const globals[] = { "db", "format", "config", NULL };
	char **ops;
	int i, n = 0, only_operands = 0;

	/*
	 * Every option a command takes is in its usage, where help shows it
	 * and the test of hidden information finds it (every option of a
	 * usage must be run by one of the command's probes, cli.h).
	 */
	for (i = 0; specs != NULL && specs[i].name != NULL; i++) {
		char opt[48];

		snprintf(opt, sizeof(opt), "--%s", specs[i].name);
		assert(strstr(e->usage, opt) != NULL);
	}
	ops = calloc((size_t)argc + 1, sizeof(*ops));
	if (ops == NULL)
		return EXIT_SOFTWARE;
	for (i = 0; i < argc; i++) {
		const char *a = argv[i], *name, *eq, *val = NULL;
		const struct opt_spec *sp;
		size_t len;
		int g, is_global = 0, k, r;

		if (e->literal_after > 0 && n >= e->literal_after && !only_operands) {
			/* The commands themselves: never options ("--" may mark them). */
			only_operands = 1;
			if (strcmp(a, "--") == 0)
				continue;
		}
		if (!only_operands && (sp = letter_find(specs, a)) != NULL) {
			if (i + 1 >= argc) {
				fprintf(stderr, "%s %s: %s needs a value\n", c->prog, e->name, a);
				free(ops);
				return EXIT_USAGE;
			}
			*sp->value = argv[++i];
			continue;
		}
		if (only_operands || a[0] != '-' || a[1] != '-' || a[2] == '\0') {
			if (strcmp(a, "--") == 0 && !only_operands) {
				only_operands = 1;
				continue;
			}
			ops[n++] = argv[i];
			continue;
		}
		name = a + 2;
		eq = strchr(name, '=');
		len = eq != NULL ? (size_t)(eq - name) : strlen(name);
		if (len == 4 && strncmp(name, "help", 4) == 0) {
			cmd_usage(e, stdout);
			fputs(e->help, stdout);
			free(ops);
			return -1;
		}
		for (k = 0; globals[k] != NULL; k++)
			if (strlen(globals[k]) == len && strncmp(globals[k], name, len) == 0)
				is_global = 1;
		sp = spec_find(specs, name, len);
		if (sp == NULL && !is_global) {
			fprintf(stderr, "%s %s: unknown option --%.*s\n", c->prog, e->name,
			    (int)len, name);
			cmd_usage(e, stderr);
			free(ops);
			return EXIT_USAGE;
		}
		if (is_global || sp->has_arg) {
			if (eq != NULL)
				val = eq + 1;
			else if (i + 1 < argc)
				val = argv[++i];
			else {
				fprintf(stderr, "%s %s: --%s needs a value\n", c->prog, e->name, name);
				free(ops);
				return EXIT_USAGE;
			}
		} else if (eq != NULL) {
			fprintf(stderr, "%s %s: --%.*s takes no value\n", c->prog, e->name,
			    (int)len, name);
			free(ops);
			return EXIT_USAGE;
		}
		if (is_global) {
			char gname[16];

			snprintf(gname, sizeof(gname), "%.*s", (int)len, name);
			g = global_opt(c, gname, val);
			if (g < 0) {
				free(ops);
				return EXIT_USAGE;
			}
			continue;
		}
		if (sp->many != NULL)
			r = many_push(sp->many, val);
		else {
			*sp->value = sp->has_arg ? val : "1";
			r = 0;
		}
		if (r != 0) {
			free(ops);
			return EXIT_SOFTWARE;
		}
	}
	if ((c->format == FMT_PNG || c->format == FMT_SVG) && !cmd_draws(e)) {
		fprintf(stderr, "%s %s: --format %s is a picture; only show draws one\n", c->prog,
		    e->name, c->format == FMT_PNG ? "png" : "svg");
		free(ops);
		return EXIT_USAGE;
	}
	if (!cmd_prints(e, c->format)) {
		char names[200];
		size_t k = 0;
		int f, m = 0, total = 0;

		for (f = 0; f < FMT_COUNT; f++)
			total += cmd_prints(e, (enum format)f);
		names[0] = '\0';
		for (f = 0; f < FMT_COUNT && k < sizeof(names); f++)
			if (cmd_prints(e, (enum format)f))
				k += (size_t)snprintf(names + k, sizeof(names) - k, "%s%s", m++ == 0 ?
				    "" : m == total ? " or " : ", ", format_names[f]);
		fprintf(stderr, "%s %s: --format %s: %s prints %s%s\n", c->prog, e->name,
		    format_names[c->format], e->name, names, total == 1 ? " only" : "");
		free(ops);
		return EXIT_USAGE;
	}
	*operands = ops;
	*noperands = n;
	return 0;
}
