/* cairo_dl.c - cairo, loaded at first use; see cairo_dl.h. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairo_dl.h"
#include "../../util/dl_fill.h"

/* Each name and its slot; # and ## take the name as written, not as
 * cairo_dl.h's macro for it. */
#define CAIRO_DL_NAME(name) { #name, offsetof(struct cairo_dl, p_##name) },

struct cairo_dl cairo_dl;

/*
 * At exit: give back what cairo and the fontconfig under it keep for the
 * life of the process (font caches), so a leak checker sees only ours.
 */
static void (*reset_cairo)(void);
static void (*fini_fontconfig)(void);

static void
release(void)
{
	reset_cairo();
	fini_fontconfig();
}

int
cairo_dl_load(char *err, size_t errlen)
{
	static const struct dl_sym syms[] = { CAIRO_DL_FUNCTIONS(CAIRO_DL_NAME) };
	static void *lib;
	const char *missing;

	if (lib != NULL)
		return 0;
	if ((lib = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL)) == NULL) {
		snprintf(err, errlen, CAIRO_DL_MISSING "%s (board pictures need it: install "
		    "libcairo2)", dlerror());
		return -1;
	}
	if (dl_fill(lib, syms, sizeof(syms) / sizeof(syms[0]), &cairo_dl, &missing) != 0) {
		snprintf(err, errlen, CAIRO_DL_MISSING "libcairo.so.2 lacks %s", missing);
		dlclose(lib);
		lib = NULL;
		return -1;
	}
	/* dlsym() on the handle searches cairo and what it loaded: libpng (the
	 * table), fontconfig. */
	*(void **)&reset_cairo = dlsym(lib, "cairo_debug_reset_static_data");
	*(void **)&fini_fontconfig = dlsym(lib, "FcFini");
	if (reset_cairo != NULL && fini_fontconfig != NULL)
		atexit(release);
	return 0;
}
