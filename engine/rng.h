/*
 * rng.h - the game's seeded generator (xoshiro256**).
 *
 * Its state lives inside the game state, so replaying a log from the seed
 * repeats every draw.  Seeded from the game's 32 secret bytes.
 */
#ifndef ARBITER_RNG_H
#define ARBITER_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

void rng_seed(struct rng *r, const uint8_t seed[32]);
uint64_t rng_next(struct rng *r);
/* Uniform in [0, n); n > 0.  Unbiased (rejection sampling). */
uint32_t rng_below(struct rng *r, uint32_t n);
/* Seed r for a resample hook (game.h): from salt, the owner resampled and
 * tag, a byte of the game's own so the stream is no game seed's. */
void rng_seed_salt(struct rng *r, uint64_t salt, int owner, uint8_t tag);

#endif
