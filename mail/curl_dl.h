/*
 * curl_dl.h - libcurl, loaded at first use.
 *
 * Most commands need no network protocol: a move that writes its mail into
 * a Maildir never speaks SMTP.  Linking libcurl made every command load it
 * and the forty libraries it pulls in (about 10 ms and most of the
 * resident memory of a move).  So arbiter is not linked with libcurl;
 * smtp.c and imap.c call curl_dl_load() before their first curl call,
 * which dlopen()s libcurl.so.4 once, and the curl_* names below call
 * through the table it filled.  Include this instead of <curl/curl.h>.
 */
#ifndef ARBITER_MAIL_CURL_DL_H
#define ARBITER_MAIL_CURL_DL_H

#include <stddef.h>
#include <curl/curl.h>

struct curl_dl {
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode (*easy_perform)(CURL *);
	CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
	void (*easy_cleanup)(CURL *);
	const char *(*easy_strerror)(CURLcode);
	CURLcode (*easy_recv)(CURL *, void *, size_t, size_t *);
	CURLcode (*easy_send)(CURL *, const void *, size_t, size_t *);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void (*slist_free_all)(struct curl_slist *);
	void (*free)(void *);
	CURLU *(*url)(void);
	void (*url_cleanup)(CURLU *);
	CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
	CURLUcode (*url_get)(const CURLU *, CURLUPart, char **, unsigned int);
};

extern struct curl_dl curl_dl;

/* Load libcurl (once).  0, or -1 with one line in err saying why not,
 * starting with CURL_DL_MISSING. */
#define CURL_DL_MISSING "libcurl could not be loaded: "
int curl_dl_load(char *err, size_t errlen);

#undef curl_easy_setopt
#undef curl_easy_getinfo
#define curl_easy_init (curl_dl.easy_init)
#define curl_easy_setopt (curl_dl.easy_setopt)
#define curl_easy_perform (curl_dl.easy_perform)
#define curl_easy_getinfo (curl_dl.easy_getinfo)
#define curl_easy_cleanup (curl_dl.easy_cleanup)
#define curl_easy_strerror (curl_dl.easy_strerror)
#define curl_easy_recv (curl_dl.easy_recv)
#define curl_easy_send (curl_dl.easy_send)
#define curl_slist_append (curl_dl.slist_append)
#define curl_slist_free_all (curl_dl.slist_free_all)
#define curl_free (curl_dl.free)
#define curl_url (curl_dl.url)
#define curl_url_cleanup (curl_dl.url_cleanup)
#define curl_url_set (curl_dl.url_set)
#define curl_url_get (curl_dl.url_get)

#endif
