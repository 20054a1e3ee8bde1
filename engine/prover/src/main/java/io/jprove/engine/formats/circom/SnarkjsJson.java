package io.jprove.engine.formats.circom;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jprove.engine.formats.InputFile;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.field.Fq;
import io.jprove.field.Fr;
import io.jprove.field.G1;
import io.jprove.field.G2;
import io.jprove.field.InvalidEncodingException;

/**
 * snarkjs's Groth16 JSON files for BLS12-381 ({@code "curve": "bls12381"}): {@code proof.json},
 * {@code public.json} and {@code verification_key.json}. Coordinates are decimal strings of canonical field
 * elements, points projective with Z = 1 (G1 {@code [x, y, "1"]}, G2 {@code [[x.c0, x.c1], [y.c0, y.c1], ["1",
 * "0"]]}) and Z = 0 for infinity. Reading checks that every coordinate is below q and every point is on its curve and
 * in its subgroup, and every public signal below r; errors name the file and the JSON field.
 */
public final class SnarkjsJson
{
    private static final String CURVE = "bls12381";
    /** The largest proof.json read: its three points take about 1.5 KB written out. */
    static final long MAX_PROOF_BYTES = 64 << 10;
    /** The most characters of a field element's decimal string (with room for leading zeros). */
    private static final int MAX_DIGITS = 256;
    /** The largest public.json or verification_key.json read: about a million inputs. */
    static final long MAX_LIST_BYTES = 256L << 20;

    private SnarkjsJson()
    {
    }

    // ---------------------------------------------------------------- writing

    /** @return {@code proof.json}'s text. */
    public static String proofJson(final Proof proof)
    {
        return "{\n \"pi_a\": " + g1(proof.a()) + ",\n \"pi_b\": " + g2(proof.b()) + ",\n \"pi_c\": " + g1(proof.c())
            + ",\n \"protocol\": \"groth16\",\n \"curve\": \"" + CURVE + "\"\n}\n";
    }

    /** @return {@code public.json}'s text for public signals given as Fr Montgomery limbs back to back. */
    public static String publicJson(final long[] signals)
    {
        final StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < signals.length / Fr.LIMBS; i++)
        {
            sb.append(i == 0 ? "\n \"" : ",\n \"").append(Fr.toBigInteger(signals, i * Fr.LIMBS)).append('"');
        }
        return sb.append("\n]\n").toString();
    }

    /** @return {@code verification_key.json}'s text (the fields snarkjs's verifier reads, and β₁). */
    public static String verificationKeyJson(final VerifyingKey vk)
    {
        final StringBuilder sb = new StringBuilder("{\n \"protocol\": \"groth16\",\n \"curve\": \"" + CURVE + "\",\n");
        sb.append(" \"nPublic\": ").append(vk.numInputs() - 1).append(",\n");
        sb.append(" \"vk_alpha_1\": ").append(g1(vk.alphaG1())).append(",\n");
        sb.append(" \"vk_beta_1\": ").append(g1(vk.betaG1())).append(",\n");
        sb.append(" \"vk_beta_2\": ").append(g2(vk.betaG2())).append(",\n");
        sb.append(" \"vk_gamma_2\": ").append(g2(vk.gammaG2())).append(",\n");
        sb.append(" \"vk_delta_2\": ").append(g2(vk.deltaG2())).append(",\n");
        sb.append(" \"vk_delta_1\": ").append(g1(vk.deltaG1())).append(",\n \"IC\": [");
        final long[] ic = vk.ic();
        for (int i = 0; i < vk.numInputs(); i++)
        {
            final long[] p = new long[G1.AFFINE_LIMBS];
            System.arraycopy(ic, i * G1.AFFINE_LIMBS, p, 0, G1.AFFINE_LIMBS);
            sb.append(i == 0 ? "\n  " : ",\n  ").append(g1(p));
        }
        return sb.append("\n ]\n}\n").toString();
    }

    private static String g1(final long[] p)
    {
        if (G1.isInfinity(p, 0))
        {
            return "[\"0\", \"1\", \"0\"]";
        }
        return "[\"" + Fq.FIELD.toBigInteger(p, 0) + "\", \"" + Fq.FIELD.toBigInteger(p, Fq.LIMBS) + "\", \"1\"]";
    }

    private static String g2(final long[] p)
    {
        if (G2.isInfinity(p, 0))
        {
            return "[[\"0\", \"0\"], [\"1\", \"0\"], [\"0\", \"0\"]]";
        }
        final int n = Fq.LIMBS;
        return "[[\"" + Fq.FIELD.toBigInteger(p, 0) + "\", \"" + Fq.FIELD.toBigInteger(p, n) + "\"], [\""
            + Fq.FIELD.toBigInteger(p, 2 * n) + "\", \"" + Fq.FIELD.toBigInteger(p, 3 * n) + "\"], [\"1\", \"0\"]]";
    }

    // ---------------------------------------------------------------- reading

    /** @throws IllegalArgumentException naming the file and field of anything invalid. */
    public static Proof readProof(final Path file)
    {
        final Map<String, Object> o = object(file, read(file, MAX_PROOF_BYTES, "a proof.json"), "the top level");
        requireCurve(file, o);
        return new Proof(g1(file, o.get("pi_a"), "pi_a"), g2(file, o.get("pi_b"), "pi_b"),
            g1(file, o.get("pi_c"), "pi_c"));
    }

    /** @return the public signals as Fr Montgomery limbs back to back. */
    public static long[] readPublic(final Path file)
    {
        final Object v = read(file, MAX_LIST_BYTES, "a public.json");
        if (!(v instanceof final List<?> list))
        {
            throw new IllegalArgumentException(file + ": public signals: expected a JSON array");
        }
        final List<BigInteger> values = new ArrayList<>();
        for (int i = 0; i < list.size(); i++)
        {
            values.add(integer(file, list.get(i), "public signal [" + i + "]", Fr.MODULUS));
        }
        final long[] out = new long[values.size() * Fr.LIMBS];
        for (int i = 0; i < values.size(); i++)
        {
            System.arraycopy(Fr.of(values.get(i)), 0, out, i * Fr.LIMBS, Fr.LIMBS);
        }
        return out;
    }

    /** Reads a verification key (β₁ and δ₁ may be absent: snarkjs's verifier does not use them; zero then). */
    public static VerifyingKey readVerificationKey(final Path file)
    {
        final Map<String, Object> o = object(file, read(file, MAX_LIST_BYTES, "a verification_key.json"),
            "the top level");
        requireCurve(file, o);
        if (!"groth16".equals(o.get("protocol")))
        {
            throw new IllegalArgumentException(file + ": protocol: \"" + o.get("protocol") + "\" is not groth16");
        }
        if (!(o.get("IC") instanceof final List<?> icList) || icList.isEmpty())
        {
            throw new IllegalArgumentException(file + ": IC: expected a non-empty array of G1 points");
        }
        final long[] ic = new long[icList.size() * G1.AFFINE_LIMBS];
        for (int i = 0; i < icList.size(); i++)
        {
            System.arraycopy(g1(file, icList.get(i), "IC[" + i + "]"), 0, ic, i * G1.AFFINE_LIMBS, G1.AFFINE_LIMBS);
        }
        final long[] beta1 = o.containsKey("vk_beta_1") ? g1(file, o.get("vk_beta_1"), "vk_beta_1")
            : new long[G1.AFFINE_LIMBS];
        final long[] delta1 = o.containsKey("vk_delta_1") ? g1(file, o.get("vk_delta_1"), "vk_delta_1")
            : new long[G1.AFFINE_LIMBS];
        return new VerifyingKey(g1(file, o.get("vk_alpha_1"), "vk_alpha_1"), beta1,
            g2(file, o.get("vk_beta_2"), "vk_beta_2"), g2(file, o.get("vk_gamma_2"), "vk_gamma_2"), delta1,
            g2(file, o.get("vk_delta_2"), "vk_delta_2"), ic);
    }

    private static Object read(final Path file, final long maxBytes, final String what)
    {
        final String text = InputFile.readString(file, maxBytes, what);
        try
        {
            return Json.parse(text);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(final Path file, final Object v, final String where)
    {
        if (!(v instanceof Map<?, ?>))
        {
            throw new IllegalArgumentException(file + ": " + where + ": expected a JSON object");
        }
        return (Map<String, Object>)v;
    }

    private static void requireCurve(final Path file, final Map<String, Object> o)
    {
        final Object curve = o.get("curve");
        if (curve != null && !CURVE.equals(curve))
        {
            throw new IllegalArgumentException(file + ": curve: \"" + curve + "\" is not " + CURVE
                + " (jprove proves and verifies over BLS12-381)");
        }
    }

    private static BigInteger integer(final Path file, final Object v, final String field, final BigInteger bound)
    {
        final String s = v instanceof final String str ? str : v instanceof final Long l ? l.toString() : null;
        if (s != null && s.length() > MAX_DIGITS)
        {
            // q has 115 digits; a longer string is no field element, and parsing it would cost quadratic time
            throw new IllegalArgumentException(file + ": " + field + ": a decimal string of " + s.length()
                + " characters, more than any field element has");
        }
        if (s == null || !s.matches("\\d+"))
        {
            throw new IllegalArgumentException(file + ": " + field + ": expected a decimal string, got "
                + (v instanceof List<?> || v instanceof Map<?, ?> ? "an " + (v instanceof List<?> ? "array" : "object")
                : v instanceof final String str && str.length() > 40 ? "\"" + str.substring(0, 40) + "...\"" : v));
        }
        final BigInteger x = new BigInteger(s);
        if (x.compareTo(bound) >= 0)
        {
            throw new IllegalArgumentException(file + ": " + field + ": " + x + " is not below the field modulus "
                + "(non-canonical)");
        }
        return x;
    }

    private static List<?> list(final Path file, final Object v, final String field, final int size)
    {
        if (!(v instanceof final List<?> l) || l.size() != size)
        {
            throw new IllegalArgumentException(file + ": " + field + ": expected an array of " + size);
        }
        return l;
    }

    private static long[] g1(final Path file, final Object v, final String field)
    {
        final List<?> xyz = list(file, v, field, 3);
        final BigInteger z = integer(file, xyz.get(2), field + "[2]", Fq.MODULUS);
        final long[] p = new long[G1.AFFINE_LIMBS];
        if (z.signum() == 0)
        {
            return p;
        }
        final BigInteger zInv = z.modInverse(Fq.MODULUS);
        final BigInteger x = integer(file, xyz.get(0), field + "[0]", Fq.MODULUS);
        final BigInteger y = integer(file, xyz.get(1), field + "[1]", Fq.MODULUS);
        // Jacobian-free: snarkjs writes affine points with z = 1; any other z is taken as projective x/z, y/z
        Fq.FIELD.fromBigInteger(x.multiply(zInv).mod(Fq.MODULUS), p, 0);
        Fq.FIELD.fromBigInteger(y.multiply(zInv).mod(Fq.MODULUS), p, Fq.LIMBS);
        if (!G1.isOnCurve(p, 0) || !G1.isInSubgroup(p, 0))
        {
            throw new IllegalArgumentException(file + ": " + field + ": " + new InvalidEncodingException(
                G1.isOnCurve(p, 0) ? InvalidEncodingException.Reason.NOT_IN_SUBGROUP
                : InvalidEncodingException.Reason.NOT_ON_CURVE, "G1 point").getMessage());
        }
        return p;
    }

    private static long[] g2(final Path file, final Object v, final String field)
    {
        final List<?> xyz = list(file, v, field, 3);
        final List<?> x = list(file, xyz.get(0), field + "[0]", 2);
        final List<?> y = list(file, xyz.get(1), field + "[1]", 2);
        final List<?> z = list(file, xyz.get(2), field + "[2]", 2);
        final long[] p = new long[G2.AFFINE_LIMBS];
        final BigInteger z0 = integer(file, z.get(0), field + "[2][0]", Fq.MODULUS);
        final BigInteger z1 = integer(file, z.get(1), field + "[2][1]", Fq.MODULUS);
        if (z0.signum() == 0 && z1.signum() == 0)
        {
            return p;
        }
        if (!z0.equals(BigInteger.ONE) || z1.signum() != 0)
        {
            throw new IllegalArgumentException(file + ": " + field + ": only affine G2 points (z = [1, 0]) are read");
        }
        final String[] names = {"[0][0]", "[0][1]", "[1][0]", "[1][1]"};
        final List<?>[] parts = new List<?>[] {x, x, y, y};
        for (int k = 0; k < 4; k++)
        {
            Fq.FIELD.fromBigInteger(integer(file, parts[k].get(k % 2), field + names[k], Fq.MODULUS), p,
                k * Fq.LIMBS);
        }
        if (!G2.isOnCurve(p, 0) || !G2.isInSubgroup(p, 0))
        {
            throw new IllegalArgumentException(file + ": " + field + ": G2 point is "
                + (G2.isOnCurve(p, 0) ? "not in the prime-order subgroup" : "not on the curve"));
        }
        return p;
    }
}
