/* The forwarding functions have the libraries own names and prototypes; nothing to import. */
