// Step exchanges with a status per rank, on a subgroup (see internal/stepexchange.h).
#include "dist/internal/stepexchange.h"

namespace ys::dist {
namespace {

constexpr int64_t kHeader = 2;   // status, count

}  // namespace

Expected<std::unique_ptr<StepExchange>> StepExchange::create(ProcessWorld& world, const std::string& name, int64_t capacity)
{
    auto group = world.subgroup(name);
    if (!group)
        return group.error();
    return std::unique_ptr<StepExchange>(new StepExchange(world, std::move(*group), capacity));
}

StepExchange::StepExchange(ProcessWorld& world, std::unique_ptr<Collectives> group, int64_t capacity)
    : world_(world), group_(std::move(group)), capacity_(capacity)
{
}

void StepExchange::begin()
{
    over_ = false;
    endedByPeer_ = false;
}

torch::Tensor StepExchange::exchange(Status status, const torch::Tensor& values)
{
    const int64_t count = values.defined() ? values.numel() : 0;
    if (count > capacity_)
        throw std::logic_error("step exchange of " + std::to_string(count) + " values over its capacity of " +
                               std::to_string(capacity_));
    // Every rank fills its own row; the sum over the ranks is then every rank's rows (an all-gather on the
    // one collective every backend has).
    torch::Tensor rows = torch::zeros({world_.size(), kHeader + capacity_}, torch::TensorOptions(torch::kFloat64).device(world_.device()));
    torch::Tensor mine = rows.select(0, world_.rank());
    mine[0] = static_cast<double>(status);
    mine[1] = static_cast<double>(count);
    if (count > 0)
        mine.slice(0, kHeader, kHeader + count).copy_(values.reshape({-1}));
    world_.allreduceSum(*group_, rows);
    return rows;
}

void StepExchange::settle(const torch::Tensor& rows, Status mine, int64_t count)
{
    over_ = over_ || mine != Status::Gather;
    const torch::Tensor header = rows.slice(1, 0, kHeader).to(torch::kCPU);
    const auto h = header.accessor<double, 2>();
    auto status = [&](int r) { return static_cast<Status>(static_cast<int>(h[r][0])); };
    for (int r = 0; r < world_.size(); ++r)
        if (status(r) == Status::Abandon) {
            over_ = true;
            endedByPeer_ = true;
            throw StepAbandoned("rank " + std::to_string(r) + " abandoned this step");
        }
    for (int r = 0; r < world_.size(); ++r) {
        if (status(r) == mine && static_cast<int64_t>(h[r][1]) == count)
            continue;
        over_ = true;
        const std::string what = status(r) == Status::End    ? "it ended its step"
                                 : mine == Status::End        ? "it has more exchanges in this step"
                                                              : std::to_string(static_cast<int64_t>(h[r][1])) +
                                                                    " values where this rank has " + std::to_string(count);
        throw WorldFailure("rank " + std::to_string(r) + " is out of step with rank " + std::to_string(world_.rank()) +
                           " in the synchronised BatchNorm (" + what + "): the ranks run different models");
    }
}

torch::Tensor StepExchange::gather(const torch::Tensor& local)
{
    if (over_)
        throw std::logic_error("step exchange after the step ended (begin() a new step first)");
    const int64_t count = local.numel();
    torch::Tensor rows = exchange(Status::Gather, local);
    settle(rows, Status::Gather, count);
    return rows.slice(1, kHeader, kHeader + count);
}

void StepExchange::end()
{
    if (over_)
        throw std::logic_error("step exchange end() after the step ended");
    settle(exchange(Status::End, {}), Status::End, 0);
}

void StepExchange::abandon()
{
    if (over_)
        return;
    over_ = true;
    exchange(Status::Abandon, {});
}

}  // namespace ys::dist
