/* curl_dl.c - libcurl, loaded at first use; see curl_dl.h. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "curl_dl.h"

struct curl_dl curl_dl;

/* One symbol into *slot; -1 when missing. */
static int
sym(void *lib, const char *name, void *slot)
{
	void *p = dlsym(lib, name);

	if (p == NULL)
		return -1;
	memcpy(slot, &p, sizeof(p));
	return 0;
}

int
curl_dl_load(char *err, size_t errlen)
{
	static const struct {
		const char *name;
		size_t off;
	} syms[] = {
		{ "curl_easy_init", offsetof(struct curl_dl, easy_init) },
		{ "curl_easy_setopt", offsetof(struct curl_dl, easy_setopt) },
		{ "curl_easy_perform", offsetof(struct curl_dl, easy_perform) },
		{ "curl_easy_getinfo", offsetof(struct curl_dl, easy_getinfo) },
		{ "curl_easy_cleanup", offsetof(struct curl_dl, easy_cleanup) },
		{ "curl_easy_strerror", offsetof(struct curl_dl, easy_strerror) },
		{ "curl_easy_recv", offsetof(struct curl_dl, easy_recv) },
		{ "curl_easy_send", offsetof(struct curl_dl, easy_send) },
		{ "curl_slist_append", offsetof(struct curl_dl, slist_append) },
		{ "curl_slist_free_all", offsetof(struct curl_dl, slist_free_all) },
		{ "curl_free", offsetof(struct curl_dl, free) },
		{ "curl_url", offsetof(struct curl_dl, url) },
		{ "curl_url_cleanup", offsetof(struct curl_dl, url_cleanup) },
		{ "curl_url_set", offsetof(struct curl_dl, url_set) },
		{ "curl_url_get", offsetof(struct curl_dl, url_get) },
	};
	static void *lib;
	size_t i;

	if (lib != NULL)
		return 0;
	if ((lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL)) == NULL) {
		snprintf(err, errlen, CURL_DL_MISSING "%s (SMTP and IMAP need it)", dlerror());
		return -1;
	}
	for (i = 0; i < sizeof(syms) / sizeof(syms[0]); i++)
		if (sym(lib, syms[i].name, (char *)&curl_dl + syms[i].off) != 0) {
			snprintf(err, errlen, CURL_DL_MISSING "libcurl.so.4 lacks %s",
			    syms[i].name);
			dlclose(lib);
			lib = NULL;
			return -1;
		}
	return 0;
}
