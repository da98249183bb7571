/* The legacy module's C interface: what Swift may call. */
int shop_legacy_version(void);
