#include "ShopLegacy.h"

int shop_legacy_version(void) { return 1; }
