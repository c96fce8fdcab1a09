/* gmime_dl.c - GMime, loaded at first use; see gmime_dl.h. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "../util/dl_fill.h"
#include "gmime_dl.h"

/* Each name and its slot; # and ## take the name as written, not as
 * gmime_dl.h's macro for it. */
#define GMIME_DL_NAME(name) { #name, offsetof(struct gmime_dl, p_##name) },

struct gmime_dl gmime_dl;

int
gmime_dl_load(char *err, size_t errlen)
{
	static const struct dl_sym syms[] = { GMIME_DL_FUNCTIONS(GMIME_DL_NAME) };
	static void *lib;
	const char *missing;

	if (lib != NULL)
		return 0;
	if ((lib = dlopen("libgmime-3.0.so.0", RTLD_NOW | RTLD_LOCAL)) == NULL) {
		snprintf(err, errlen, "cannot load GMime (libgmime-3.0.so.0) to read "
		    "mail: %s", dlerror());
		return -1;
	}
	/* dlsym() on the handle searches GMime and the GLib it loaded. */
	if (dl_fill(lib, syms, sizeof(syms) / sizeof(syms[0]), &gmime_dl, &missing) != 0) {
		snprintf(err, errlen, "libgmime-3.0.so.0 lacks %s", missing);
		dlclose(lib);
		lib = NULL;
		return -1;
	}
	g_mime_init();
	return 0;
}
