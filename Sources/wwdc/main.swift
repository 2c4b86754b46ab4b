print("wwdc: not implemented yet")
