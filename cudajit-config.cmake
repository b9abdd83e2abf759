# SPDX-License-Identifier: MIT
# find_package (cudajit) gives the imported target cudajit::cudajit: its
# header, its library, and the plugin for the C files of the targets that
# link with it (kernels are written in C; C++ files are left alone).
if (NOT TARGET cudajit::cudajit)
  add_library (cudajit::cudajit SHARED IMPORTED)
  set_target_properties (cudajit::cudajit PROPERTIES
    IMPORTED_LOCATION "/usr/local/lib/libcudajit.so"
    INTERFACE_INCLUDE_DIRECTORIES "/usr/local/include"
    INTERFACE_COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:C>:-fplugin=/usr/local/lib/gcc/x86_64-linux-gnu/12/plugin/cudajit.so>")
endif ()
set (cudajit_VERSION "0.1.0")
