/* curl_dl.c - libcurl, loaded at first use; see curl_dl.h. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "curl_dl.h"
#include "../util/dl_fill.h"

struct curl_dl curl_dl;

int
curl_dl_load(char *err, size_t errlen)
{
	static const struct dl_sym syms[] = {
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
	const char *missing;

	if (lib != NULL)
		return 0;
	if ((lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL)) == NULL) {
		snprintf(err, errlen, CURL_DL_MISSING "%s (SMTP and IMAP need it)", dlerror());
		return -1;
	}
	if (dl_fill(lib, syms, sizeof(syms) / sizeof(syms[0]), &curl_dl, &missing) != 0) {
		snprintf(err, errlen, CURL_DL_MISSING "libcurl.so.4 lacks %s", missing);
		dlclose(lib);
		lib = NULL;
		return -1;
	}
	return 0;
}
