// Used when the GUI libraries are not built (YS_BUILD_GUI=OFF): the report's layout code lives in ui/report.
#include "cli/commands.h"

#include <cstdio>

namespace ys::cli {

int cmdReport(const Args&)
{
    std::fprintf(stderr, "error: 'report' needs the GUI libraries; this yolostudio-cli was built with YS_BUILD_GUI=OFF\n");
    return kExitUsage;
}

}  // namespace ys::cli
