package io.jprove.engine.update;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.CountingAssignment;

/**
 * The SnapDeals circuit's counts against storage-proofs-update's published ones ({@code tests/circuit.rs}: the test
 * sizes 1 to 32 KiB and the 32 GiB partition); its fingerprint against Filecoin's own code is in the reference
 * circuits' test.
 */
class UpdateCircuitTest
{
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "1KiB, 1248389",
        "2KiB, 1705039",
        "4KiB, 2165109",
        "8KiB, 2620359",
        "16KiB, 6300021",
        "32KiB, 6760091",
    })
    void shouldCountAsStorageProofsUpdateTests(final String size, final int constraints)
    {
        final ConstraintCounts c = CountingAssignment.count(UpdateCircuit.blank(UpdateShape.of(size)));
        assertEquals(constraints, c.numConstraints());
        assertEquals(5, c.numInputs());
    }

    /** {@code test_empty_sector_update_constraints_32gib}: 81 million constraints, counted without building a row. */
    @Test
    void shouldCountThePublished32GiBPartition()
    {
        final UpdateShape shape = UpdateShape.of("32GiB");
        assertEquals(16, shape.partitions());
        assertEquals(86, shape.challenges());
        assertEquals(81_049_499, CountingAssignment.count(UpdateCircuit.blank(shape)).numConstraints());
    }

    /**
     * The SnapDeals-Poseidon proof ({@code tests/circuit_poseidon.rs}): 1 KiB 32,164, 8 KiB 47,974 and the whole 32 GiB
     * sector's 22,305,906.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"1KiB, 32164", "8KiB, 47974", "32GiB, 22305906"})
    void shouldCountThePoseidonVariantAsPublished(final String size, final int constraints)
    {
        final ConstraintCounts c = CountingAssignment.count(UpdatePoseidonCircuit.blank(UpdateShape.of(size)));
        assertEquals(constraints, c.numConstraints());
        assertEquals(5, c.numInputs());
    }

    @Test
    void shouldNameShapesBySize()
    {
        assertEquals(1L << 31, UpdateShape.byName("snapdeals-64gib").sectorNodes());
        assertEquals(2, UpdateShape.of("64GiB").replicaTree().topArity());
        assertNull(UpdateShape.byName("window-post-32GiB"));
        assertThrows(IllegalArgumentException.class, () -> UpdateShape.byName("snapdeals-3KiB"));
    }
}
