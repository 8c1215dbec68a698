// Anchor translation unit for the shared LibTorch precompiled header (see ys_use_torch).
