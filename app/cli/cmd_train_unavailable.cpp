// Used while the training engine is not part of the build (temporary, removed once it lands).
#include "cli/commands.h"
#include <cstdio>
namespace ys::cli {
int cmdTrain(const Args& args) { std::fprintf(stderr, "error: '%s' is not built yet\n", args.command.c_str()); return kExitUsage; }
int cmdVal(const Args& args) { return cmdTrain(args); }
int cmdPredict(const Args& args) { return cmdTrain(args); }
int cmdExport(const Args& args) { return cmdTrain(args); }
}
