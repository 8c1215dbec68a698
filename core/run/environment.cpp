// environment.json: EnvironmentInfo to and from JSON.
#include "run/environment.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace ys {
namespace {

// Reads typed fields of one JSON object; the first wrongly typed one becomes the error.
class FieldReader final {
public:
    FieldReader(const nlohmann::json& object, const std::string& source, std::optional<Error>& error)
        : object_(object), source_(source), error_(error)
    {
    }

    void text(const char* key, std::string& out)
    {
        if (const nlohmann::json* v = find(key, "a string", [](const nlohmann::json& j) { return j.is_string(); }))
            out = v->get<std::string>();
    }

    // A finite number, clamped to [lo, hi] (a count or a byte size from a hand-edited file stays sane).
    template <typename T>
    void number(const char* key, T& out, double lo, double hi)
    {
        auto finite = [](const nlohmann::json& j) { return j.is_number() && std::isfinite(j.get<double>()); };
        if (const nlohmann::json* v = find(key, "a finite number", finite))
            out = static_cast<T>(std::clamp(v->get<double>(), lo, hi));
    }

    // The value under `key` when present and `ok`; nullptr when absent, or wrongly typed (then the error).
    template <typename Check>
    const nlohmann::json* find(const char* key, const char* what, Check ok)
    {
        const auto it = object_.find(key);
        if (it == object_.end() || it->is_null())
            return nullptr;
        if (ok(*it))
            return &*it;
        if (!error_)
            error_ = Error{"run.environment", std::string("\"") + key + "\" is not " + what, source_, 0, 0};
        return nullptr;
    }

private:
    const nlohmann::json& object_;
    const std::string& source_;
    std::optional<Error>& error_;
};

constexpr double kMaxCount = 1e6;    // cores, threads, compute capability digits
constexpr double kMaxBytes = 1e18;   // below INT64_MAX, far above any machine's memory

}  // namespace

std::string environmentToJson(const EnvironmentInfo& env)
{
    // Ordered as declared (machine, GPUs, software, the run), not alphabetically: a person reads this file.
    nlohmann::ordered_json gpus = nlohmann::ordered_json::array();
    for (const GpuInfo& g : env.gpus)
        gpus.push_back({{"name", g.name}, {"total_bytes", g.totalBytes}, {"compute_major", g.computeMajor},
                        {"compute_minor", g.computeMinor}});
    const nlohmann::ordered_json j{{"os", env.os},
                           {"host", env.host},
                           {"cpu", env.cpu},
                           {"cpu_cores", env.cpuCores},
                           {"ram_bytes", env.ramBytes},
                           {"gpus", gpus},
                           {"nvidia_driver", env.nvidiaDriver},
                           {"cuda", env.cuda},
                           {"cudnn", env.cudnn},
                           {"libtorch", env.libtorch},
                           {"blas", env.blas},
                           {"opencv", env.opencv},
                           {"app", env.app},
                           {"qt", env.qt},
                           {"compiler", env.compiler},
                           {"device", env.device},
                           {"intra_op_threads", env.intraOpThreads},
                           {"loader_workers", env.loaderWorkers},
                           {"world", {{"size", env.world.size},
                                      {"nodes", env.world.nodes},
                                      {"backend", env.world.backend},
                                      {"launcher", env.world.launcher},
                                      {"devices", env.world.devices},
                                      {"sync_bn", env.world.syncBatchNorm}}},
                           {"wall_time", env.wallTime}};
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

Expected<EnvironmentInfo> environmentFromJson(const std::string& text, const std::string& source)
{
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error{"run.environment", "environment.json is not a JSON object", source, 0, 0};
    EnvironmentInfo env;
    std::optional<Error> error;
    FieldReader r(j, source, error);
    r.text("os", env.os);
    r.text("host", env.host);
    r.text("cpu", env.cpu);
    r.number("cpu_cores", env.cpuCores, 0, kMaxCount);
    r.number("ram_bytes", env.ramBytes, 0, kMaxBytes);
    if (const nlohmann::json* gpus = r.find("gpus", "an array", [](const nlohmann::json& v) { return v.is_array(); })) {
        for (const nlohmann::json& g : *gpus) {
            if (!g.is_object())
                return Error{"run.environment", "an entry of \"gpus\" is not an object", source, 0, 0};
            GpuInfo gpu;
            FieldReader gr(g, source, error);
            gr.text("name", gpu.name);
            gr.number("total_bytes", gpu.totalBytes, 0, kMaxBytes);
            gr.number("compute_major", gpu.computeMajor, 0, kMaxCount);
            gr.number("compute_minor", gpu.computeMinor, 0, kMaxCount);
            env.gpus.push_back(std::move(gpu));
        }
    }
    r.text("nvidia_driver", env.nvidiaDriver);
    r.text("cuda", env.cuda);
    r.text("cudnn", env.cudnn);
    r.text("libtorch", env.libtorch);
    r.text("blas", env.blas);
    r.text("opencv", env.opencv);
    r.text("app", env.app);
    r.text("qt", env.qt);
    r.text("compiler", env.compiler);
    r.text("device", env.device);
    r.number("intra_op_threads", env.intraOpThreads, 0, kMaxCount);
    r.number("loader_workers", env.loaderWorkers, 0, kMaxCount);
    if (const nlohmann::json* world = r.find("world", "an object", [](const nlohmann::json& v) { return v.is_object(); })) {
        FieldReader wr(*world, source, error);
        wr.number("size", env.world.size, 1, kMaxCount);
        wr.number("nodes", env.world.nodes, 1, kMaxCount);
        wr.text("backend", env.world.backend);
        wr.text("launcher", env.world.launcher);
        if (world->contains("devices") && (*world)["devices"].is_array())
            for (const nlohmann::json& d : (*world)["devices"])
                if (d.is_string())
                    env.world.devices.push_back(d.get<std::string>());
        if (world->contains("sync_bn") && (*world)["sync_bn"].is_boolean())
            env.world.syncBatchNorm = (*world)["sync_bn"].get<bool>();
    }
    r.number("wall_time", env.wallTime, 0, 1e12);
    if (error)
        return *error;
    return env;
}

}  // namespace ys
