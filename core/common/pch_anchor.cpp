// Anchor translation unit for the shared LibTorch precompiled headers (see ys_use_torch): ys_torch_pch
// (static libraries) and ys_torch_pch_exe (executables) compile it once each.
#ifdef YS_PCH_ANCHOR_MAIN
int main() { return 0; }
#endif
