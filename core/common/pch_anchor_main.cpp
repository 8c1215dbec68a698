// Anchor executable for the LibTorch precompiled header shared by test executables (ys_torch_pch_exe);
// never run. It links Qt's core so its compile flags (-fPIC from Qt's reduce-relocations) match the tests'.
int main() { return 0; }
