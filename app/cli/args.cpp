#include "cli/args.h"

#include "common/configfile.h"
#include "common/error.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <mutex>

#include <unistd.h>

namespace ys::cli {

namespace {

bool isKey(const std::string& key)
{
    return !key.empty() && std::all_of(key.begin(), key.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '_' || c == '-' || c == '.';
    });
}

}  // namespace

Args parseArgs(int argc, char** argv)
{
    Args a;
    for (int i = 1; i < argc; ++i) {
        if (!a.command.empty())
            a.words.emplace_back(argv[i]);
        std::string w = argv[i];
        if (w == "--help" || w == "-h" || w == "help") {
            if (a.command.empty() && w == "help" && i + 1 < argc) {
                a.command = argv[++i];
            }
            a.help = true;
            continue;
        }
        if (w.rfind("--", 0) == 0) {
            w = w.substr(2);
            if (w.find('=') == std::string::npos && i + 1 < argc && std::string(argv[i + 1]).rfind("--", 0) != 0 &&
                std::string(argv[i + 1]).find('=') == std::string::npos) {
                w += "=" + std::string(argv[++i]);
                if (!a.command.empty())
                    a.words.emplace_back(argv[i]);
            }
        }
        const auto eq = w.find('=');
        if (eq == std::string::npos || !isKey(w.substr(0, eq))) {
            if (a.command.empty())
                a.command = w;
            else
                a.positional.push_back(w);
            continue;
        }
        std::string key = w.substr(0, eq);
        std::replace(key.begin(), key.end(), '-', '_');
        a.kv[key] = w.substr(eq + 1);
    }
    return a;
}

std::string Args::str(const std::string& key, const std::string& fallback) const
{
    auto it = kv.find(key);
    return it == kv.end() ? fallback : it->second;
}

std::optional<int> Args::integer(const std::string& key, int fallback) const
{
    auto it = kv.find(key);
    if (it == kv.end())
        return fallback;
    char* end = nullptr;
    const long v = std::strtol(it->second.c_str(), &end, 10);
    if (it->second.empty() || *end != '\0') {
        std::fprintf(stderr, "error: %s must be a whole number, not '%s'\n", key.c_str(), it->second.c_str());
        return std::nullopt;
    }
    return static_cast<int>(v);
}

std::optional<double> Args::number(const std::string& key, double fallback) const
{
    auto it = kv.find(key);
    if (it == kv.end())
        return fallback;
    char* end = nullptr;
    const double v = std::strtod(it->second.c_str(), &end);
    if (it->second.empty() || *end != '\0') {
        std::fprintf(stderr, "error: %s must be a number, not '%s'\n", key.c_str(), it->second.c_str());
        return std::nullopt;
    }
    return v;
}

std::optional<bool> Args::boolean(const std::string& key, bool fallback) const
{
    auto it = kv.find(key);
    if (it == kv.end())
        return fallback;
    std::string v = it->second;
    std::transform(v.begin(), v.end(), v.begin(), ::tolower);
    if (v == "true" || v == "1" || v == "yes" || v == "on")
        return true;
    if (v == "false" || v == "0" || v == "no" || v == "off")
        return false;
    std::fprintf(stderr, "error: %s must be true or false, not '%s'\n", key.c_str(), it->second.c_str());
    return std::nullopt;
}

int exitCodeFor(const Error& error)
{
    return isInputError(errorKind(error.code)) ? kExitUsage : kExitFailed;
}

int runCommand(int (*command)(const Args&), const Args& args)
{
    try {
        return command(args);
    } catch (const std::exception& e) {
        const std::string text = withoutBacktrace(e.what());
        std::fprintf(stderr, "error: %s\n", text.substr(0, text.find('\n')).c_str());
        return kExitFailed;
    }
}

int reportError(const Error& error)
{
    std::string text = error.toString();
    for (char& c : text)
        if (c == '\n' || c == '\r')
            c = ' ';
    std::fprintf(stderr, "error: %s\n", text.c_str());
    return exitCodeFor(error);
}

std::optional<int> checkArguments(const Args& args, const CommandSpec& spec)
{
    if (args.help) {
        std::fputs(spec.help, stdout);
        return kExitOk;
    }
    if (!args.rejectUnknown(spec.known))
        return kExitUsage;
    if (!spec.positional && !args.positional.empty()) {
        std::fprintf(stderr, "error: unexpected argument '%s'; arguments are key=value (see --help)\n",
                     args.positional.front().c_str());
        return kExitUsage;
    }
    for (const auto& [key, message] : spec.required) {
        if (args.str(key).empty()) {
            std::fprintf(stderr, "error: %s\n", message.c_str());
            return kExitUsage;
        }
    }
    return std::nullopt;
}

std::optional<int> applySettingsFile(const Args& args, TrainConfig& config, std::vector<std::string>* givenKeys)
{
    if (!args.has("cfg"))
        return std::nullopt;
    auto file = ConfigFile::load(args.str("cfg"), config);
    if (!file) {
        std::fprintf(stderr, "error: %s\n", file.error().toString().c_str());
        return kExitUsage;
    }
    for (const Error& e : file->problems())
        std::fprintf(stderr, "error: %s\n", e.toString().c_str());
    if (!file->problems().empty())
        return kExitUsage;
    config = file->config();
    if (givenKeys)
        for (const std::string& key : file->documentKeys())
            givenKeys->push_back(key);
    for (const ConfigFileEntry& e : file->unknownKeys())
        std::fprintf(stderr, "note: %s:%d: '%s' is not a YOLO Studio setting and was ignored\n",
                     args.str("cfg").c_str(), e.line, e.key.c_str());
    return std::nullopt;
}

bool Args::rejectUnknown(const std::vector<std::string>& known) const
{
    bool ok = true;
    for (const auto& [k, v] : kv) {
        if (std::find(known.begin(), known.end(), k) == known.end()) {
            std::fprintf(stderr, "error: unknown argument '%s' for '%s' (see yolostudio-cli %s --help)\n",
                         k.c_str(), command.c_str(), command.c_str());
            ok = false;
        }
    }
    return ok;
}

// Progress on stderr ("scan 1200/10000"), only when stderr is a terminal so logs and pipes stay clean.
ProgressFn terminalProgress()
{
    if (!::isatty(STDERR_FILENO))
        return {};
    auto mutex = std::make_shared<std::mutex>();
    return [mutex](const Progress& p) {
        std::lock_guard lock(*mutex);
        std::fprintf(stderr, "\r%-6s %lld/%lld", toString(p.stage), static_cast<long long>(p.done),
                     static_cast<long long>(p.total));
        if (p.total > 0 && p.done >= p.total)
            std::fputs("\n", stderr);
        std::fflush(stderr);
    };
}

}  // namespace ys::cli
