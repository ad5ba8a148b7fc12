"""WWE Raw Deal (Comic Images, 2000): wrestling with a 60-card Arsenal, reversals, Fortitude."""
