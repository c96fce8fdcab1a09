/* rng.c - xoshiro256** seeded from 32 bytes; see rng.h. */
#include <string.h>

#include "rng.h"

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* splitmix64 step, used to spread a weak or zero seed over the state. */
static uint64_t
splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
rng_seed(struct rng *r, const uint8_t seed[32])
{
	uint64_t w[4], h = 0x6a09e667f3bcc908ULL;
	int i, j;

	/* Fold all 32 bytes into h first, so every byte reaches every word. */
	for (i = 0; i < 4; i++) {
		w[i] = 0;
		for (j = 0; j < 8; j++)
			w[i] |= (uint64_t)seed[i * 8 + j] << (8 * j);
		h ^= w[i];
		h = splitmix(&h);
	}
	for (i = 0; i < 4; i++)
		r->s[i] = splitmix(&h) ^ w[i];
	if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0)
		r->s[0] = 1;
}

uint64_t
rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint32_t
rng_below(struct rng *r, uint32_t n)
{
	uint64_t limit, x;

	/* Reject the top sliver so every residue is equally likely. */
	limit = UINT64_MAX - UINT64_MAX % n;
	do
		x = rng_next(r);
	while (x >= limit);
	return (uint32_t)(x % n);
}

void
rng_seed_salt(struct rng *r, uint64_t salt, int owner, uint8_t tag)
{
	uint8_t seed[32];
	int i;

	memset(seed, 0, sizeof(seed));
	for (i = 0; i < 8; i++)
		seed[i] = (uint8_t)(salt >> (8 * i));
	seed[8] = (uint8_t)(owner + 1);
	seed[9] = tag;
	rng_seed(r, seed);
}
