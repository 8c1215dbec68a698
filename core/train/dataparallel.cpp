// The trainer's data-parallel hooks on ys_dist (c10d): settings check, rank 0's start, per-batch agreement, each
// rank's memory, rank 0's word after each epoch.
#include "train/internal/dataparallel.h"

#include "common/internal/torcherror.h"
#include "model/internal/syncbn.h"

#include <algorithm>
#include <functional>
#include <sstream>

namespace ys {
namespace {

std::string errorText(const Error& e)
{
    return e.code + "\n" + e.file + "\n" + e.message;
}

Error errorFromText(const std::string& text, const std::string& prefix)
{
    std::istringstream in(text);
    Error e;
    std::getline(in, e.code);
    std::getline(in, e.file);
    std::string rest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    e.message = prefix + rest;
    return e;
}

// The keys whose values differ between two settings texts (args.yaml), as "key a (rank 0: b)".
std::string settingsDiff(const std::string& mine, const std::string& theirs, int rank)
{
    auto a = TrainConfig::fromYamlText(mine, TrainConfig{}, nullptr, "rank " + std::to_string(rank));
    auto b = TrainConfig::fromYamlText(theirs, TrainConfig{}, nullptr, "rank 0");
    if (!a || !b)
        return "settings that do not read the same";
    std::string out;
    for (const ConfigKey& k : configKeys()) {
        const auto x = a->get(k.name), y = b->get(k.name);
        if (x != y)
            out += (out.empty() ? "" : ", ") + std::string(k.name) + " " + x.value_or("") + " (rank 0: " + y.value_or("") + ")";
    }
    return out.empty() ? "settings that differ" : out;
}

// The model's BatchNorms meet the other ranks through the step exchange. Closed when the DataParallel ends
// (a model kept longer then fails loudly instead of reaching a world that is gone).
class ExchangeGather final : public BatchNormGather {
public:
    explicit ExchangeGather(dist::StepExchange* exchange) : exchange_(exchange) {}
    torch::Tensor gather(const torch::Tensor& local) override
    {
        if (!exchange_)
            throw std::logic_error("synchronised BatchNorm trained after its data-parallel world ended");
        return exchange_->gather(local);
    }
    void close() { exchange_ = nullptr; }

private:
    dist::StepExchange* exchange_;
};

}  // namespace

Expected<std::unique_ptr<DataParallel>> DataParallel::join(const std::optional<dist::WorldSpec>& world,
                                                           const torch::Device& device)
{
    std::unique_ptr<DataParallel> dp(new DataParallel());
    dp->device_ = device;
    if (!world || !world->distributed())
        return dp;
    dp->spec_ = *world;
    auto joined = dist::ProcessWorld::join(*world, device);
    if (!joined)
        return joined.error();
    dp->world_ = std::move(*joined);
    return dp;
}

DataParallel::~DataParallel()
{
    if (gather_)
        static_cast<ExchangeGather&>(*gather_).close();
}

std::string DataParallel::backend() const
{
    return world_ ? world_->backend() : std::string();
}

std::optional<Error> DataParallel::checkSameSettings(const TrainConfig& given)
{
    if (!world_)
        return std::nullopt;
    const std::string mine = given.toYaml();
    const std::string hash = std::to_string(std::hash<std::string>{}(mine));
    world_->publish("settings/" + std::to_string(rank()), mine);
    world_->publish("settings_hash/" + std::to_string(rank()), hash);
    const std::string rank0 = world_->await("settings_hash/0", 0);
    torch::Tensor differs = torch::zeros({size()}, torch::kFloat64).to(device_);
    if (hash != rank0)
        differs[rank()] = 1.0;
    world_->allreduceSum(differs);
    const torch::Tensor host = differs.to(torch::kCPU);
    for (int r = 1; r < size(); ++r) {
        if (host[r].item<double>() == 0)
            continue;
        const std::string theirs = world_->await("settings/" + std::to_string(r), r);
        const std::string zero = world_->await("settings/0", 0);
        return Error{"dist.config_mismatch",
                     "rank " + std::to_string(r) + " was started with other settings than rank 0: " +
                         settingsDiff(theirs, zero, r) + "; start every rank with the same settings",
                     {}, 0, 0};
    }
    return std::nullopt;
}

void DataParallel::shareStart(const std::string& start, const std::optional<Error>& error)
{
    if (!world_)
        return;
    world_->publish("start", error ? "error\n" + errorText(*error) : std::string("ok"));
    if (!error)
        world_->broadcastBytes(start, 0);
}

Expected<std::string> DataParallel::receiveStart()
{
    const std::string word = world_->await("start", 0);
    if (word.rfind("error\n", 0) == 0)
        return errorFromText(word.substr(6), "rank 0 could not start: ");
    return world_->broadcastBytes({}, 0);
}

std::optional<Error> DataParallel::agreeSetup(const std::optional<Error>& mine)
{
    if (!world_)
        return mine;
    if (mine)
        world_->publish("setup_error/" + std::to_string(rank()), errorText(*mine));
    torch::Tensor failed = torch::zeros({size()}, torch::kFloat64).to(device_);
    if (mine)
        failed[rank()] = 1.0;
    world_->allreduceSum(failed);
    const torch::Tensor host = failed.to(torch::kCPU);
    for (int r = 0; r < size(); ++r) {
        if (host[r].item<double>() == 0)
            continue;
        if (r == rank())
            return mine;
        return errorFromText(world_->await("setup_error/" + std::to_string(r), r), "rank " + std::to_string(r) + ": ");
    }
    return std::nullopt;
}

int DataParallel::agreeMin(int value)
{
    if (!world_)
        return value;
    torch::Tensor t = torch::tensor({static_cast<int64_t>(value)}, torch::kInt64).to(device_);
    world_->allreduceMin(t);
    return static_cast<int>(t.to(torch::kCPU).item<int64_t>());
}

void DataParallel::attachParameters(std::vector<torch::Tensor> params, dist::GradSyncOptions options)
{
    if (world_)
        sync_ = std::make_unique<dist::GradientSync>(*world_, std::move(params), options);
}

void DataParallel::beforeSyncedBackward()
{
    if (sync_)
        sync_->arm();
}

void DataParallel::afterSyncedBackward()
{
    if (sync_)
        sync_->finish();
}

void DataParallel::abandonStep()
{
    if (!sync_)
        return;
    // A failure before the step's last backward began (in a forward pass): the others all-reduce its buckets
    // all the same.
    if (!sync_->armed())
        sync_->arm();
    sync_->abandon();
}

std::optional<Error> DataParallel::syncBatchNorm(torch::nn::Module& model)
{
    if (!world_ || exchange_)
        return std::nullopt;
    // The largest exchange: a forward's count, means and squared deviations of the widest BatchNorm.
    auto exchange = dist::StepExchange::create(*world_, "syncbn", 2 * maxBatchNormChannels(model) + 1);
    if (!exchange)
        return exchange.error();
    exchange_ = std::move(*exchange);
    gather_ = std::make_shared<ExchangeGather>(exchange_.get());
    setBatchNormGather(model, gather_);
    return std::nullopt;
}

void DataParallel::beginBatch()
{
    if (exchange_)
        exchange_->begin();
}

void DataParallel::endBatch()
{
    if (exchange_)
        exchange_->end();
}

void DataParallel::abandonBatch()
{
    if (exchange_)
        exchange_->abandon();
}

bool DataParallel::batchEndedByPeer() const
{
    return exchange_ && exchange_->endedByPeer();
}

const dist::SyncStepStats* DataParallel::lastSync() const
{
    return sync_ ? &sync_->lastStep() : nullptr;
}

ControlAgreement DataParallel::agreeControl(bool stop, bool pause)
{
    ++controls_;
    if (!world_)
        return {stop, pause};
    torch::Tensor t = torch::tensor({stop ? 1.0 : 0.0, pause && writer() ? 1.0 : 0.0}, torch::kFloat64).to(device_);
    world_->allreduceSum(t);
    const torch::Tensor host = t.to(torch::kCPU);
    return {host[0].item<double>() > 0, host[1].item<double>() > 0};
}

StepAgreement DataParallel::agree(const StepReport& report)
{
    StepAgreement a;
    if (!world_) {
        if (report.outOfMemory)
            a.outOfMemory.push_back(0);
        a.failedRank = report.failed ? 0 : -1;
        a.images = report.images;
        a.items = report.items;
        a.memory.push_back(report.memory);
        return a;
    }
    // [0] images, [1..3] loss x images; per rank: out of memory, failed, memory x4.
    const int W = size();
    constexpr int kHead = 4, kPerRank = 6;
    torch::Tensor t = torch::zeros({kHead + kPerRank * W}, torch::kFloat64);
    auto* v = t.data_ptr<double>();
    v[0] = static_cast<double>(report.images);
    for (int j = 0; j < 3; ++j)
        v[1 + j] = report.items[static_cast<size_t>(j)] * static_cast<double>(report.images);
    double* mineRow = v + kHead + kPerRank * rank();
    mineRow[0] = report.outOfMemory ? 1 : 0;
    mineRow[1] = report.failed ? 1 : 0;
    for (int j = 0; j < 4; ++j)
        mineRow[2 + j] = static_cast<double>(report.memory[static_cast<size_t>(j)]);
    torch::Tensor onDevice = t.to(device_);
    world_->allreduceSum(onDevice);
    t = onDevice.to(torch::kCPU).contiguous();
    v = t.data_ptr<double>();
    a.images = static_cast<int64_t>(v[0]);
    for (int j = 0; j < 3; ++j)
        a.items[static_cast<size_t>(j)] = a.images > 0 ? v[1 + j] / static_cast<double>(a.images) : 0.0;
    for (int r = 0; r < W; ++r) {
        const double* row = v + kHead + kPerRank * r;
        if (row[0] > 0)
            a.outOfMemory.push_back(r);
        if (row[1] > 0 && a.failedRank < 0)
            a.failedRank = r;
        std::array<int64_t, 4> m{};
        for (int j = 0; j < 4; ++j)
            m[static_cast<size_t>(j)] = static_cast<int64_t>(row[2 + j]);
        a.memory.push_back(m);
    }
    return a;
}

void DataParallel::tellEpochWord(int epoch, EpochWord word, const std::string& message)
{
    if (!world_)
        return;
    const char* w = word == EpochWord::Continue ? "continue" : word == EpochWord::Stop ? "stop" : "fail";
    world_->publish("epoch/" + std::to_string(epoch), std::string(w) + "\n" + message);
}

std::pair<EpochWord, std::string> DataParallel::awaitEpochWord(int epoch)
{
    const std::string text = world_->await("epoch/" + std::to_string(epoch), 0);
    const size_t nl = text.find('\n');
    const std::string w = text.substr(0, nl), message = nl == std::string::npos ? "" : text.substr(nl + 1);
    return {w == "continue" ? EpochWord::Continue : w == "stop" ? EpochWord::Stop : EpochWord::Fail, message};
}

void DataParallel::releasePause()
{
    if (world_)
        world_->publish("pause/" + std::to_string(controls_), "go");
}

void DataParallel::holdPause()
{
    if (world_)
        world_->await("pause/" + std::to_string(controls_), 0);
}

void DataParallel::farewell()
{
    if (!world_)
        return;
    try {
        if (!writer()) {
            world_->publish("done/" + std::to_string(rank()), "1");
            return;
        }
        for (int r = 1; r < size(); ++r)
            world_->await("done/" + std::to_string(r), r);
    } catch (const dist::WorldFailure&) {
        // A rank that went away after the last epoch changes nothing that was written.
    }
}

std::string DataParallel::explainFailure()
{
    return world_ ? world_->explainFailure("a rank failed") : std::string("failed");
}

void DataParallel::announceFailure(const std::string& cause) noexcept
{
    if (world_)
        world_->announceFailure(cause);
}

void DataParallel::watchMemory(memory::MemoryTimeline* timeline, std::string device)
{
    timeline_ = timeline;
    memDevice_ = std::move(device);
}

void DataParallel::sendMemory(const std::function<void(const std::vector<memory::MemorySample>&)>& onMemory)
{
    if (!onMemory || !timeline_)
        return;
    std::vector<memory::MemorySample> fresh = timeline_->samplesAfter(memorySentUpTo_);
    if (!fresh.empty())
        memorySentUpTo_ = fresh.back().time;
    rankMemorySent_.resize(rankMemory_.size(), 0);
    for (size_t k = 0; k < rankMemory_.size(); ++k) {
        fresh.insert(fresh.end(), rankMemory_[k].begin() + static_cast<std::ptrdiff_t>(rankMemorySent_[k]),
                     rankMemory_[k].end());
        rankMemorySent_[k] = rankMemory_[k].size();
    }
    if (fresh.empty())
        return;
    onMemory(fresh);
}

std::array<int64_t, 4> DataParallel::memoryReport()
{
    const memory::MemoryStats ms = memory::currentStats(memDevice_);
    int64_t window = ms.allocated;
    if (distributed() && timeline_) {
        for (const memory::MemorySample& s : timeline_->samplesAfter(memoryReportedUpTo_)) {
            window = std::max(window, s.windowPeak);
            memoryReportedUpTo_ = s.time;
        }
    }
    return {ms.allocated, ms.reserved, ms.peak, window};
}

void DataParallel::recordRankMemory(const StepAgreement& agreed)
{
    if (!writer() || agreed.memory.size() < 2 || !timeline_)
        return;
    // One sample per rank per batch; a long run keeps every other one (the higher window peak) past this many.
    constexpr size_t kMaxRankSamples = 20000;
    rankMemory_.resize(agreed.memory.size() - 1);
    const double t = timeline_->now();
    for (size_t r = 1; r < agreed.memory.size(); ++r) {
        const auto& m = agreed.memory[r];
        memory::MemorySample s;
        s.time = t;
        s.allocated = m[0];
        s.reserved = m[1];
        s.peak = m[2];
        s.windowPeak = m[3];
        s.phase = memory::Phase::TrainStep;
        s.rank = static_cast<int>(r);
        rankMemory_[r - 1].push_back(s);
        rankMemorySent_.resize(rankMemory_.size(), 0);
        memory::thinRankSeries(rankMemory_[r - 1], kMaxRankSamples, rankMemorySent_[r - 1]);
    }
}

}  // namespace ys
