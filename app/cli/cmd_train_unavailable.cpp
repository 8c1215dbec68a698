// train, val and predict in a CLI built without the trainer (a build that found no LibTorch or no OpenCV:
// core/train/CMakeLists.txt skips ys_train then); the other commands still work.
#include "cli/commands.h"

#include <cstdio>

namespace ys::cli {

int cmdTrain(const Args& args)
{
    std::fprintf(stderr,
                 "error: '%s' is not in this build of yolostudio-cli: it was built without LibTorch or OpenCV "
                 "(install them and build again: scripts/studio.sh build)\n",
                 args.command.c_str());
    return kExitUsage;
}
int cmdVal(const Args& args) { return cmdTrain(args); }
int cmdPredict(const Args& args) { return cmdTrain(args); }
int cmdExport(const Args& args) { return cmdTrain(args); }

}  // namespace ys::cli
