/* dl_fill.c - fill a table of function pointers; see dl_fill.h. */
#include <dlfcn.h>
#include <string.h>

#include "dl_fill.h"

int
dl_fill(void *lib, const struct dl_sym *syms, size_t n, void *table,
    const char **missing)
{
	size_t i;

	for (i = 0; i < n; i++) {
		void *p = dlsym(lib, syms[i].name);

		if (p == NULL) {
			*missing = syms[i].name;
			return -1;
		}
		memcpy((char *)table + syms[i].off, &p, sizeof(p));
	}
	return 0;
}
