// Placeholder until the terminal layer lands.
