# Project-wide helpers. Warnings live here so every target gets the same set.

function(ys_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
endfunction()

# Targets that include LibTorch headers: compile flags LibTorch requires, and a shared
# precompiled header so the heavy torch headers are parsed once per target.
function(ys_use_torch target)
  target_link_libraries(${target} PRIVATE ${TORCH_LIBRARIES})
  target_include_directories(${target} SYSTEM PRIVATE ${TORCH_INCLUDE_DIRS})
  # LibTorch headers are noisy under -Wextra; silence the known offenders.
  target_compile_options(${target} PRIVATE -Wno-unused-parameter -Wno-missing-field-initializers
                                            -Wno-deprecated-declarations)
  if(YS_USE_PCH)
    # One precompiled header for libraries and one for Qt-linked executables: GCC rejects a PCH built
    # with other position-independence flags (-fPIC vs -fPIE), and Qt's targets set them for executables.
    # Call after target_link_libraries: an executable reuses the executable anchor, which links Qt6::Core
    # (Qt's targets decide its -fPIC and defines). An executable without Qt (the benchmarks) links Qt6::Core
    # for that alone: parsing the torch headers again costs each such file about 2 CPU minutes.
    get_target_property(type ${target} TYPE)
    get_target_property(libs ${target} LINK_LIBRARIES)
    set(anchor ys_torch_pch)
    if(type STREQUAL "EXECUTABLE")
      if(NOT "${libs}" MATCHES "Qt6::")
        if(NOT TARGET Qt6::Core)
          return()
        endif()
        target_link_libraries(${target} PRIVATE Qt6::Core)
      endif()
      set(anchor ys_torch_pch_exe)
    endif()
    if(TARGET ${anchor} AND NOT target STREQUAL anchor)
      target_precompile_headers(${target} REUSE_FROM ${anchor})
    else()
      target_precompile_headers(${target} PRIVATE <torch/torch.h>)
    endif()
  endif()
endfunction()

# ys_add_test(NAME SOURCES a.cpp b.cpp LIBS lib1 lib2 [TORCH] [SERIAL] [TIMEOUT s] [LABELS l])
# TORCH: the test includes LibTorch headers. SERIAL: it runs LibTorch work (TORCH implies it).
# One Qt Test executable per unit, registered with CTest. GUI tests run offscreen.
function(ys_add_test name)
  cmake_parse_arguments(T "TORCH;GUI;SERIAL" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  set_target_properties(${name} PROPERTIES AUTOMOC ON)
  target_link_libraries(${name} PRIVATE Qt6::Test ys_test_support ${T_LIBS})
  ys_warnings(${name})
  if(T_TORCH)
    # Qt's keywords (slots, signals, emit) clash with LibTorch headers.
    target_compile_definitions(${name} PRIVATE QT_NO_KEYWORDS)
    ys_use_torch(${name})
  endif()
  add_test(NAME ${name} COMMAND ${name})
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  set_tests_properties(${name} PROPERTIES TIMEOUT ${T_TIMEOUT}
    ENVIRONMENT "QTEST_FUNCTION_TIMEOUT=${T_TIMEOUT}000;QT_QPA_PLATFORM=offscreen;YS_SHARED_DATASETS=${YS_SHARED_DATASETS};YS_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
  if(T_TORCH OR T_SERIAL)
    # LibTorch uses every core; two such tests side by side oversubscribe the CPU and OpenMP's spinning
    # barriers then slow both down many times over.
    set_tests_properties(${name} PROPERTIES RUN_SERIAL TRUE)
  endif()
  if(T_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}")
  endif()
endfunction()

# Sources that call at::parallel_for: ATen inlines it, and it forks threads only in a file compiled with
# OpenMP (LibTorch's own runtime, libgomp on Debian); elsewhere it silently runs on the calling thread.
# Such files skip the shared precompiled header, which is built without _OPENMP.
function(ys_openmp_sources target)
  find_package(OpenMP COMPONENTS CXX)
  if(OpenMP_CXX_FOUND)
    set_property(SOURCE ${ARGN} TARGET_DIRECTORY ${target} APPEND PROPERTY COMPILE_OPTIONS ${OpenMP_CXX_FLAGS})
    target_link_libraries(${target} PRIVATE ${OpenMP_CXX_LIBRARIES})
  else()
    message(WARNING "OpenMP not found: ${ARGN} of ${target} run on one thread")
  endif()
  set_property(SOURCE ${ARGN} TARGET_DIRECTORY ${target} PROPERTY SKIP_PRECOMPILE_HEADERS ON)
endfunction()
