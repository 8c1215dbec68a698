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
    # One precompiled header for every torch target. GCC rejects a PCH built with other position-independence
    # flags, and CMake compiles executables with -fPIE: a torch executable adds -fPIC after it (Qt's targets add
    # it too), so its flags match the libraries'. Qt's defines (QT_CORE_LIB, ...) do not touch the torch headers.
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "EXECUTABLE")
      target_compile_options(${target} PRIVATE -fPIC)
    endif()
    set(anchor ys_torch_pch)
    if(TARGET ${anchor} AND NOT target STREQUAL anchor)
      target_precompile_headers(${target} REUSE_FROM ${anchor})
    else()
      target_precompile_headers(${target} PRIVATE <torch/torch.h>)
    endif()
    # AUTOMOC's mocs_compilation.cpp is empty where each file includes its own .moc, as ours do; with the
    # precompiled header it would still cost GCC's deferred template work on the torch headers (about 13 s each).
    get_target_property(automoc ${target} AUTOMOC)
    if(automoc)
      get_target_property(bindir ${target} BINARY_DIR)
      set_property(SOURCE "${bindir}/${target}_autogen/mocs_compilation.cpp" TARGET_DIRECTORY ${target}
                   PROPERTY SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endif()
endfunction()

# A torch test's Q_OBJECT classes live in its .cpp files, each ending in #include "<file>.moc". AUTOMOC would run
# moc with the target's include folders, and moc then reads the whole of LibTorch's headers (11 s a file, for an
# output that does not change). moc without include folders writes the same file in 0.2 s.
function(ys_moc_without_includes target)
  set(outdir "${CMAKE_CURRENT_BINARY_DIR}/${target}_moc")
  foreach(source ${ARGN})
    get_filename_component(stem ${source} NAME_WE)
    get_filename_component(abs ${source} ABSOLUTE)
    file(STRINGS ${abs} includes REGEX "^#include \"${stem}\\.moc\"")
    if(includes)
      qt6_generate_moc(${abs} "${outdir}/${stem}.moc")
      target_sources(${target} PRIVATE "${outdir}/${stem}.moc")
    endif()
  endforeach()
  target_include_directories(${target} PRIVATE ${outdir})
endfunction()

# ys_add_test(NAME SOURCES a.cpp b.cpp LIBS lib1 lib2 [TORCH] [SERIAL] [TIMEOUT s] [LABELS l])
# TORCH: the test includes LibTorch headers. SERIAL: it runs LibTorch work (TORCH implies it).
# One Qt Test executable per unit, registered with CTest. GUI tests run offscreen.
function(ys_add_test name)
  cmake_parse_arguments(T "TORCH;GUI;SERIAL" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  if(T_TORCH)
    ys_moc_without_includes(${name} ${T_SOURCES})
  else()
    set_target_properties(${name} PROPERTIES AUTOMOC ON)
  endif()
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
    # PyPI's LibTorch carries its own libgomp.so.1 (beside libtorch_cpu.so, which NEEDs it): link that one,
    # so the process has one OpenMP runtime and one thread pool. Debian's LibTorch uses the system's.
    if(EXISTS "${TORCH_INSTALL_PREFIX}/lib/libgomp.so.1")
      target_link_libraries(${target} PRIVATE "${TORCH_INSTALL_PREFIX}/lib/libgomp.so.1")
    else()
      target_link_libraries(${target} PRIVATE ${OpenMP_CXX_LIBRARIES})
    endif()
  else()
    message(WARNING "OpenMP not found: ${ARGN} of ${target} run on one thread")
  endif()
  set_property(SOURCE ${ARGN} TARGET_DIRECTORY ${target} PROPERTY SKIP_PRECOMPILE_HEADERS ON)
endfunction()
