# Imports the LibTorch of PyPI's CUDA `torch` wheel, unpacked as pip lays out site-packages
# (scripts/libtorch-cuda.sh): SITE/torch and SITE/nvidia/{cu13,cudnn,nccl,...}.
#
#   ys_import_torch_wheel(<SITE>/torch)
#
# Sets what find_package(Torch) sets (TORCH_LIBRARIES, TORCH_INCLUDE_DIRS, TORCH_INSTALL_PREFIX, Torch_VERSION) and
# defines the same imported targets (torch, torch_cpu, torch_cuda, c10, c10_cuda, ...), from the wheel's own
# Caffe2Targets.cmake.
#
# Why not the wheel's TorchConfig.cmake: for a CUDA build it runs Caffe2's CUDA discovery (FindCUDA, then
# enable_language(CUDA), which test-compiles a CUDA program), so it needs nvcc, cicc, ptxas and the toolkit's
# static runtime: a CUDA toolkit. We compile no CUDA sources; our code includes CUDA's runtime headers only. So the
# three targets Caffe2Targets.cmake refers to are defined here from the nvidia wheels (torch::cudart) or empty
# (protobuf::libprotobuf and caffe2::mkl: the wheel links both statically), and no toolkit is needed.
function(ys_import_torch_wheel torch_dir)
  get_filename_component(torch_dir "${torch_dir}" ABSOLUTE)
  get_filename_component(site "${torch_dir}" DIRECTORY)
  set(cuda "${site}/nvidia/cu13")
  foreach(f "${torch_dir}/share/cmake/Caffe2/Caffe2Targets.cmake" "${torch_dir}/version.py"
            "${cuda}/lib/libcudart.so.13" "${cuda}/include/cuda_runtime_api.h" "${site}/nvidia/nccl/include/nccl.h")
    if(NOT EXISTS "${f}")
      message(FATAL_ERROR "YS_LIBTORCH=${torch_dir} is not the torch wheel's LibTorch laid out with its CUDA "
                          "libraries (missing ${f}); scripts/libtorch-cuda.sh fetches it")
    endif()
  endforeach()

  file(STRINGS "${torch_dir}/version.py" version_line REGEX "^__version__")
  string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" version "${version_line}")

  if(NOT TARGET torch::cudart)
    add_library(torch::cudart SHARED IMPORTED GLOBAL)
    set_target_properties(torch::cudart PROPERTIES
      IMPORTED_LOCATION "${cuda}/lib/libcudart.so.13"
      IMPORTED_SONAME "libcudart.so.13"
      INTERFACE_INCLUDE_DIRECTORIES "${cuda}/include")
  endif()
  foreach(empty protobuf::libprotobuf caffe2::mkl)
    if(NOT TARGET ${empty})
      add_library(${empty} INTERFACE IMPORTED GLOBAL)
    endif()
  endforeach()
  include("${torch_dir}/share/cmake/Caffe2/Caffe2Targets.cmake")
  # Caffe2Targets.cmake defines its targets in this directory's scope; the whole project needs them.
  foreach(t headeronly c10 c10_cuda torch_cpu torch_cpu_library torch_cuda torch_cuda_library torch torch_library
            torch_nvshmem)
    if(TARGET ${t})
      set_target_properties(${t} PROPERTIES IMPORTED_GLOBAL TRUE)
    endif()
  endforeach()

  set(TORCH_INSTALL_PREFIX "${torch_dir}" PARENT_SCOPE)
  set(Torch_VERSION "${version}" PARENT_SCOPE)
  set(Torch_FOUND TRUE PARENT_SCOPE)
  set(YS_TORCH_SITE "${site}" PARENT_SCOPE)
  # NCCL's header: torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp includes it (core/dist with USE_C10D_NCCL).
  set(TORCH_INCLUDE_DIRS "${torch_dir}/include" "${torch_dir}/include/torch/csrc/api/include" "${cuda}/include"
      "${site}/nvidia/nccl/include" PARENT_SCOPE)
  set(TORCH_LIBRARIES torch torch_library c10 c10_cuda torch::cudart PARENT_SCOPE)
endfunction()
