// Placeholder until the owning issue lands; replaced by the real command.
#include "cli/commands.h"
#include <cstdio>
namespace ys::cli {
int cmdFit(const Args& args) { std::fprintf(stderr, "error: '%s' is not built yet\n", args.command.c_str()); return kExitUsage; }
}
