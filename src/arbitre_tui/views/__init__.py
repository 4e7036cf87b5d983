"""Read models: what each face shows, built once from the store and the rules."""
