// An empty libcuda.so.1, built for dpkg-shlibdeps alone and never installed: libcaffe2_nvrtc.so (carried with
// LibTorch) NEEDs the NVIDIA driver's libcuda.so.1, and dpkg-shlibdeps stops on a NEEDed library it cannot find.
// Found in a private folder, it adds no dependency: the driver is the user's, opened by LibTorch at run time.
