// yolostudio-cli report: the training report of a run folder, written by yolostudio-report, which this command
// becomes (execv: same arguments, terminal, exit status and signals). The report's layout and charts are the
// GUI's (ui/report) and need Qt Widgets; the CLI links no Qt, so it runs on a machine without a display stack.
#include "cli/commands.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace ys::cli {
namespace {

namespace fs = std::filesystem;

// Beside this program in the build tree; installed, in the studio's private library folder
// (YS_REPORT_WRITER, set by app/CMakeLists.txt: relative to the folder of the installed yolostudio-cli).
std::vector<fs::path> writerCandidates()
{
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec)
        return {};
    const fs::path dir = self.parent_path();
    return {dir / "yolostudio-report", (dir / YS_REPORT_WRITER).lexically_normal()};
}

}  // namespace

int cmdReport(const Args& args)
{
    std::vector<std::string> words = {"yolostudio-report", "report"};
    words.insert(words.end(), args.words.begin(), args.words.end());
    if (args.help && args.words.empty())   // `yolostudio-cli help report`
        words.emplace_back("--help");
    std::vector<char*> argv;
    for (std::string& w : words)
        argv.push_back(w.data());
    argv.push_back(nullptr);
    std::fflush(nullptr);
    std::string tried;
    for (const fs::path& writer : writerCandidates()) {
        tried += (tried.empty() ? "" : ", ") + writer.string();
        if (::access(writer.c_str(), X_OK) != 0)
            continue;
        ::execv(writer.c_str(), argv.data());
        std::fprintf(stderr, "error: report: cannot run %s: %s\n", writer.c_str(), std::strerror(errno));
        return kExitFailed;
    }
    std::fprintf(stderr,
                 "error: report: the report writer is not installed (looked for %s); it comes with the studio's "
                 "GUI (yolostudio-report, built unless YS_BUILD_GUI=OFF)\n",
                 tried.c_str());
    return kExitFailed;
}

}  // namespace ys::cli
