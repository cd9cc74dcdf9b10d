print("QuickLook")
