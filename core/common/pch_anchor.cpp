// Anchor translation unit for the shared LibTorch precompiled header of static libraries (ys_torch_pch).
