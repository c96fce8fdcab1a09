/*
 * tfactions.c - the registry of the factions' and variants' own rules, as
 * engine/registry.c is the games': the hook tables of the Fire & Ice
 * faction files (tfire.c, tshape.c, triver.c) and of the Fire & Ice final
 * scoring tiles (tfinal.c).  The core reaches them through tm_hooks() and
 * tm_variants_final() and names no faction file; the faction files call
 * the core.  A faction or variant with rules of its own plugs in here.
 */
#include "terra.h"

extern const struct tm_hooks tm_icemaidens_hooks, tm_yetis_hooks, tm_acolytes_hooks,
    tm_dragonlords_hooks, tm_shifter_hooks, tm_river_hooks;
extern const struct tm_variant tm_final_tiles;

/* The hooks of each faction with rules of its own, by enum tm_faction. */
static const struct tm_hooks *const table[TM_NFACT] = {
	[TF_ICEMAIDENS] = &tm_icemaidens_hooks,
	[TF_YETIS] = &tm_yetis_hooks,
	[TF_ACOLYTES] = &tm_acolytes_hooks,
	[TF_DRAGONLORDS] = &tm_dragonlords_hooks,
	[TF_SHAPESHIFTERS] = &tm_shifter_hooks,
	[TF_RIVERWALKERS] = &tm_river_hooks,
};

static const struct tm_variant *const variants[] = { &tm_final_tiles };

/* The hooks of faction (enum tm_faction, -1 none): all NULL for a faction
 * the core plays alone. */
const struct tm_hooks *
tm_hooks(int faction)
{
	static const struct tm_hooks none;

	if (faction < 0 || faction >= TM_NFACT || table[faction] == NULL)
		return &none;
	return table[faction];
}

/* At the game's end, after the base game's final scoring: each variant's. */
void
tm_variants_final(struct tm_state *s)
{
	size_t i;

	for (i = 0; i < sizeof(variants) / sizeof(variants[0]); i++)
		if (variants[i]->final_scoring != NULL)
			variants[i]->final_scoring(s);
}
