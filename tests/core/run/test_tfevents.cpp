// TensorBoard event files: CRC32C's known answer, TFRecord frames read back with both CRCs checked (a flipped byte
// anywhere fails), the file_version and SessionLog START records, scalars' tags, steps and values round-tripping,
// the file name, and what a run logs (results.csv's columns by their header names, memory figures per phase).
#include "run/runfolder.h"
#include "run/tfevents.h"
#include "tfeventsreader.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <filesystem>

#include <unistd.h>

namespace fs = std::filesystem;

using namespace ys::test;

class TestTfEvents final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void crc32cKnownAnswer();
    void recordsRoundTrip();
    void flippedByteFailsACrc();
    void truncatedRecordIsNotRead();
    void fileNameAndFolder();
    void unwritableFolderIsAnError();
    void resultsScalarsFollowTheHeader();
    void resultsScalarsOfAnEndToEndModel();
    void memoryScalarsPerPhase();
};

namespace {

const ys::TbScalar* findTag(const std::vector<ys::TbScalar>& scalars, const std::string& tag)
{
    for (const auto& s : scalars)
        if (s.tag == tag)
            return &s;
    return nullptr;
}

ys::EpochResult sampleRow()
{
    ys::EpochResult r;
    r.epoch = 7;
    r.time = 123.4;
    r.trainBox = 1.2345;
    r.trainCls = 2.3456;
    r.trainDfl = 0.98765;
    r.precision = 0.61;
    r.recall = 0.52;
    r.map50 = 0.43;
    r.map50_95 = 0.21;
    r.valBox = 1.5;
    r.valCls = 2.5;
    r.valDfl = 1.05;
    r.lr[0] = 0.00123;
    r.lr[1] = 0.00234;
    r.lr[2] = 0.0456;
    r.imagesPerSecond = 88.5;
    r.peakMemory = 1234567890;
    return r;
}

}  // namespace

void TestTfEvents::crc32cKnownAnswer()
{
    QCOMPARE(ys::crc32c("123456789", 9), 0xE3069283u);
    QCOMPARE(ys::crc32c("", 0), 0u);
    const std::string zeros(32, '\0');   // RFC 3720 B.4: 32 bytes of zeros
    QCOMPARE(ys::crc32c(zeros.data(), zeros.size()), 0x8A9136AAu);
    QCOMPARE(ys::maskCrc32c(0), 0xa282ead8u);
    QCOMPARE(ys::maskCrc32c(0x00008000u), 0x00000001u + 0xa282ead8u);   // rotated right by 15
}

void TestTfEvents::recordsRoundTrip()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const double t0 = 1.7e9 + 0.25;
    auto w = ys::TbEventWriter::open(tmp.path().toStdString(), t0);
    QVERIFY2(w, w ? "" : w.error().toString().c_str());
    const std::string longTag = "memory/" + std::string(200, 'x');   // a length over 127: a two-byte varint
    QVERIFY(!(*w)->addSessionStart(3, t0 + 1));
    QVERIFY(!(*w)->addScalars(3, t0 + 2, {{"train/box_loss", 1.25}, {"metrics/mAP50(B)", 0.6123456}}));
    QVERIFY(!(*w)->addScalars(300, t0 + 3, {{longTag, 1234567890.0}, {"lr/pg0", -0.5}}));
    QVERIFY(!(*w)->addScalars(301, t0 + 4, {}));   // nothing at all: no record

    const std::vector<ReadEvent> events = readEvents((*w)->path());
    QCOMPARE(events.size(), size_t(4));
    QCOMPARE(events[0].fileVersion, std::string("brain.Event:2"));
    QCOMPARE(events[0].wallTime, t0);
    QCOMPARE(events[0].step, int64_t(0));
    QVERIFY(!events[0].hasSummary);
    QCOMPARE(events[1].sessionStatus, 1);   // SessionLog.START
    QCOMPARE(events[1].step, int64_t(3));
    QCOMPARE(events[2].step, int64_t(3));
    QCOMPARE(events[2].wallTime, t0 + 2);
    QCOMPARE(events[2].values.size(), size_t(2));
    QCOMPARE(events[2].values[0].tag, std::string("train/box_loss"));
    QCOMPARE(events[2].values[0].value, 1.25f);
    QCOMPARE(events[2].values[1].tag, std::string("metrics/mAP50(B)"));
    QCOMPARE(events[2].values[1].value, 0.6123456f);
    QCOMPARE(events[3].step, int64_t(300));
    QCOMPARE(events[3].values[0].tag, longTag);
    QCOMPARE(events[3].values[0].value, 1234567890.0f);
    QCOMPARE(events[3].values[1].value, -0.5f);
}

void TestTfEvents::flippedByteFailsACrc()
{
    const std::string file = ys::tbRecord(ys::tbFileVersionEvent(1.7e9)) +
                             ys::tbRecord(ys::tbScalarsEvent(5, 1.7e9 + 1, {{"val/cls_loss", 0.75}}));
    std::vector<std::string> payloads;
    std::string why;
    QVERIFY(readRecords(file, payloads, why));
    QCOMPARE(payloads.size(), size_t(2));
    const size_t firstRecord = 12 + payloads[0].size() + 4;
    for (size_t i = 0; i < file.size(); ++i) {
        std::string bad = file;
        bad[i] = char(bad[i] ^ 0x10);
        payloads.clear();
        why.clear();
        QVERIFY2(!readRecords(bad, payloads, why), qPrintable(QString("byte %1 flipped still reads").arg(i)));
        const size_t inRecord = i < firstRecord ? i : i - firstRecord;
        if (inRecord < 12) {   // the length or its CRC
            QCOMPARE(why, std::string("length crc"));
        } else if (why != "payload crc") {
            QFAIL(qPrintable(QString("byte %1: %2").arg(i).arg(QString::fromStdString(why))));
        }
    }
}

void TestTfEvents::truncatedRecordIsNotRead()
{
    const std::string record = ys::tbRecord(ys::tbScalarsEvent(2, 1.7e9, {{"train/cls_loss", 3.0}}));
    std::vector<std::string> payloads;
    std::string why;
    QVERIFY(!readRecords(record.substr(0, record.size() - 1), payloads, why));
    QCOMPARE(why, std::string("cut payload"));
}

void TestTfEvents::fileNameAndFolder()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const std::string dir = tmp.path().toStdString();
    QVERIFY(!ys::hasTbEventFiles(dir));
    const QRegularExpression name(R"(^events\.out\.tfevents\.(\d{10})\.[^.][^/]*\.(\d+)\.(\d+)$)");
    auto fileName = [](const auto& writer) {
        return QString::fromStdString(fs::path(writer->path()).filename().string());
    };
    auto a = ys::TbEventWriter::open(dir, 1700000000.9);
    QVERIFY(a);
    const auto m = name.match(fileName(*a));
    QVERIFY2(m.hasMatch(), qPrintable(fileName(*a)));
    QCOMPARE(m.captured(1), QString("1700000000"));
    QCOMPARE(m.captured(2).toLongLong(), qint64(::getpid()));
    QVERIFY(ys::hasTbEventFiles(dir));
    // A second session in the same second, or with a clock set back: named after the last file, so it sorts (and
    // TensorBoard reads it) after the first one.
    auto b = ys::TbEventWriter::open(dir, 1700000000.95);
    auto c = ys::TbEventWriter::open(dir, 1600000000.0);
    QVERIFY(b && c);
    QCOMPARE(name.match(fileName(*b)).captured(1), QString("1700000001"));
    QCOMPARE(name.match(fileName(*c)).captured(1), QString("1700000002"));
    QVERIFY(fileName(*a) < fileName(*b) && fileName(*b) < fileName(*c));
    // The records keep the true wall time.
    QCOMPARE(readEvents((*c)->path()).front().wallTime, 1600000000.0);
}

void TestTfEvents::unwritableFolderIsAnError()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const std::string missing = (fs::path(tmp.path().toStdString()) / "no-such-folder").string();
    auto w = ys::TbEventWriter::open(missing, 1.7e9);
    QVERIFY(!w);
    QCOMPARE(w.error().code, std::string("run.tfevents_write"));
    QVERIFY(w.error().file.rfind(missing + "/events.out.tfevents.", 0) == 0);
}

void TestTfEvents::resultsScalarsFollowTheHeader()
{
    const ys::EpochResult row = sampleRow();
    const std::vector<ys::TbScalar> scalars = ys::resultsScalars(row);
    // Every results.csv column but epoch and time, in the header's order, under the header's names.
    QStringList header = QString::fromStdString(ys::resultsCsvHeader(false)).split(',') +
                         QString(ys::resultsCsvExtraColumns()).split(',');
    header.removeAll("epoch");
    header.removeAll("time");
    QCOMPARE(int(scalars.size()), header.size());
    for (int i = 0; i < header.size(); ++i)
        QCOMPARE(QString::fromStdString(scalars[size_t(i)].tag), header[i]);
    // The tags Ultralytics' TensorBoard callback writes, with the row's values.
    const std::pair<const char*, double> expected[] = {
        {"train/box_loss", row.trainBox}, {"train/cls_loss", row.trainCls}, {"train/dfl_loss", row.trainDfl},
        {"metrics/precision(B)", row.precision}, {"metrics/recall(B)", row.recall},
        {"metrics/mAP50(B)", row.map50}, {"metrics/mAP50-95(B)", row.map50_95}, {"val/box_loss", row.valBox},
        {"val/cls_loss", row.valCls}, {"val/dfl_loss", row.valDfl}, {"lr/pg0", row.lr[0]}, {"lr/pg1", row.lr[1]},
        {"lr/pg2", row.lr[2]}, {"train/images_per_s", row.imagesPerSecond},
        {"memory/peak_bytes", double(row.peakMemory)}};
    for (const auto& [tag, value] : expected) {
        const ys::TbScalar* s = findTag(scalars, tag);
        QVERIFY2(s, tag);
        QVERIFY2(std::abs(s->value - value) <= 1e-4 * std::abs(value), tag);
    }
}

void TestTfEvents::resultsScalarsOfAnEndToEndModel()
{
    ys::EpochResult row = sampleRow();
    row.l1Loss = true;   // YOLO26: no DFL bins, the distance columns are l1_loss
    const std::vector<ys::TbScalar> scalars = ys::resultsScalars(row);
    QVERIFY(findTag(scalars, "train/l1_loss"));
    QVERIFY(findTag(scalars, "val/l1_loss"));
    QVERIFY(!findTag(scalars, "train/dfl_loss"));
    QCOMPARE(findTag(scalars, "val/l1_loss")->value, 1.05);
}

void TestTfEvents::memoryScalarsPerPhase()
{
    using ys::memory::MemorySample;
    using ys::memory::Phase;
    QVERIFY(ys::memoryScalars({}).empty());
    auto sample = [](double t, Phase phase, int64_t windowPeak, int64_t reserved) {
        MemorySample s;
        s.time = t;
        s.phase = phase;
        s.windowPeak = windowPeak;
        s.allocated = windowPeak / 2;
        s.reserved = reserved;
        return s;
    };
    // No sample with a reserved figure: none written; phases in enum order, each its highest window peak.
    const std::vector<ys::TbScalar> noReserved =
        ys::memoryScalars({sample(1, Phase::Validation, 300, 0), sample(2, Phase::TrainStep, 500, 0),
                           sample(3, Phase::TrainStep, 700, 0), sample(4, Phase::Validation, 100, 0)});
    QCOMPARE(noReserved.size(), size_t(2));
    QCOMPARE(noReserved[0].tag, std::string("memory/train_step_peak_bytes"));
    QCOMPARE(noReserved[0].value, 700.0);
    QCOMPARE(noReserved[1].tag, std::string("memory/validation_peak_bytes"));
    QCOMPARE(noReserved[1].value, 300.0);
    // A phase whose windows peaked at 0 is left out; the reserved figure is the highest of the epoch.
    const std::vector<ys::TbScalar> withReserved =
        ys::memoryScalars({sample(1, Phase::Assigner, 900, 4096), sample(2, Phase::Idle, 0, 8192)});
    QCOMPARE(withReserved.size(), size_t(2));
    QCOMPARE(withReserved[0].tag, std::string("memory/assigner_peak_bytes"));
    QCOMPARE(withReserved[1].tag, std::string("memory/reserved_bytes"));
    QCOMPARE(withReserved[1].value, 8192.0);
}

QTEST_GUILESS_MAIN(TestTfEvents)
#include "test_tfevents.moc"
