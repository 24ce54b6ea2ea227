"""Many games at once: tournaments between strategies (:func:`simulate`), the fast lock-step
simulator, the progress bar and the command line. Reads the engine and the bots."""
