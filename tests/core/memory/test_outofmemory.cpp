// The out-of-memory classifier on the exact messages LibTorch raises when CUDA's libraries run out of memory
// (they must go to the out-of-memory recovery), and on real errors that must not (a smaller batch would hide them).
#include "memory/outofmemory.h"

#include <QtTest>

class TestOutOfMemory final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void classifies_data();
    void classifies();
};

void TestOutOfMemory::classifies_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<bool>("outOfMemory");
    // Out of memory in practice.
    QTest::newRow("allocator") << "CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of "
                                  "11.76 GiB of which 12.50 MiB is free." << true;
    QTest::newRow("driver") << "CUDA error: out of memory\nCUDA kernel errors might be asynchronously reported at "
                               "some other API call, so the stacktrace below might be incorrect." << true;
    QTest::newRow("cublas create") << "CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`" << true;
    QTest::newRow("cublasLt workspace") << "CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasLtMatmul( "
                                          "ltHandle, computeDesc.descriptor(), &alpha_val, mat1_ptr, ...)`" << true;
    QTest::newRow("cudnn internal") << "cuDNN error: CUDNN_STATUS_INTERNAL_ERROR" << true;
    QTest::newRow("cudnn alloc") << "cuDNN error: CUDNN_STATUS_ALLOC_FAILED" << true;
    QTest::newRow("cudnn find") << "FIND was unable to find an engine to execute this computation" << true;
    QTest::newRow("cudnn get") << "GET was unable to find an engine to execute this computation" << true;
    QTest::newRow("cpu allocator") << "[enforce fail at alloc_cpu.cpp:114] data. DefaultCPUAllocator: can't allocate "
                                      "memory: you tried to allocate 8589934592 bytes. Error code 12 (Cannot "
                                      "allocate memory)" << true;
    QTest::newRow("budget") << "CPU out of memory (budget): tried to allocate 12.0 MiB; 1.9 GiB of 2.0 GiB in use" << true;
    // Real errors: the run must stop with them.
    QTest::newRow("illegal access") << "CUDA error: an illegal memory access was encountered" << false;
    QTest::newRow("device assert") << "CUDA error: device-side assert triggered" << false;
    QTest::newRow("cublas execution") << "CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, "
                                         "opa, opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`" << false;
    QTest::newRow("cublas not initialized") << "CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling `cublasCreate(handle)`"
                                            << false;
    QTest::newRow("cudnn bad param") << "cuDNN error: CUDNN_STATUS_BAD_PARAM" << false;
    QTest::newRow("cudnn not supported") << "cuDNN error: CUDNN_STATUS_NOT_SUPPORTED. This error may appear if you "
                                            "passed in a non-contiguous input." << false;
    QTest::newRow("no kernel image") << "CUDA error: no kernel image is available for execution on the device" << false;
    QTest::newRow("devices") << "Expected all tensors to be on the same device, but found at least two devices, cuda:0 "
                                "and cpu!" << false;
    QTest::newRow("shape") << "The size of tensor a (80) must match the size of tensor b (40) at non-singleton dimension 3"
                           << false;
    QTest::newRow("empty") << "" << false;
}

void TestOutOfMemory::classifies()
{
    QFETCH(QString, message);
    QFETCH(bool, outOfMemory);
    QCOMPARE(ys::memory::isOutOfMemoryMessage(message.toStdString()), outOfMemory);
}

QTEST_GUILESS_MAIN(TestOutOfMemory)
#include "test_outofmemory.moc"
