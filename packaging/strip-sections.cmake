# CPACK_PRE_BUILD_SCRIPTS: after CPack's strip (debug symbols), drop the sections dh_strip drops too
# (.comment: compiler versions; .note), as Debian's own packages do.
file(GLOB executables "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/usr/bin/*"
     "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/usr/lib/*/yolostudio/yolostudio-report")
foreach(exe IN LISTS executables)
  execute_process(COMMAND "${CPACK_YS_STRIP}" --remove-section=.comment --remove-section=.note "${exe}"
                  COMMAND_ERROR_IS_FATAL ANY)
endforeach()
message(STATUS "stripped .comment and .note from ${executables}")
