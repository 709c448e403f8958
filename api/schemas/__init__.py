"""Request and reply schemas, one file a module (Base/Create/Update/Public families)."""
