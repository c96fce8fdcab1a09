/* notify.c - mail caused by moves (queued inside the move's transaction). */
#include "cli.h"

int
notify_move(struct ctx *c, struct store *s, struct loaded *g, const struct submission *sub)
{
	(void)c; (void)s; (void)g; (void)sub;
	return STORE_OK;
}

int
notify_start(struct ctx *c, struct store *s, struct loaded *g)
{
	(void)c; (void)s; (void)g;
	return STORE_OK;
}
