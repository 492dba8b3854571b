package dev.nubo.auth.infra;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.UUID;

/**
 * Signs and verifies access tokens: compact JWS (RFC 7515) with HS256 only, issuer {@code nubo}, type
 * {@code at+jwt}, subject = user id, {@code sid} = session id. Anything else (another algorithm, "none", a bad
 * signature, an expired or future token) is rejected.
 */
public final class AccessTokenCodec {
    static final String ISSUER = "nubo";
    static final JOSEObjectType TYPE = new JOSEObjectType("at+jwt");
    /** A token longer than this is not one of ours; refuse before parsing. */
    static final int MAX_LENGTH = 2048;

    private final MACSigner signer;
    private final MACVerifier verifier;
    private final Clock clock;

    public AccessTokenCodec(byte[] key, Clock clock) {
        try {
            this.signer = new MACSigner(key);
            this.verifier = new MACVerifier(key);
        } catch (JOSEException e) {
            throw new IllegalArgumentException("JWT key too short", e);
        }
        this.clock = clock;
    }

    public record Claims(UUID userId, UUID sessionId, Instant expiresAt) {}

    public String sign(UUID userId, UUID sessionId, Duration ttl) {
        Instant now = clock.instant();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .issuer(ISSUER)
                .subject(userId.toString())
                .claim("sid", sessionId.toString())
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(ttl)))
                .jwtID(UUID.randomUUID().toString())
                .build();
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.HS256).type(TYPE).build(), claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign access token", e);
        }
        return jwt.serialize();
    }

    public Optional<Claims> verify(String token) {
        if (token == null || token.isEmpty() || token.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            JWSHeader header = jwt.getHeader();
            if (!JWSAlgorithm.HS256.equals(header.getAlgorithm())
                    || !TYPE.equals(header.getType())
                    || !jwt.verify(verifier)) {
                return Optional.empty();
            }
            JWTClaimsSet claims = jwt.getJWTClaimsSet();
            Instant now = clock.instant();
            Date exp = claims.getExpirationTime();
            Date iat = claims.getIssueTime();
            Object sid = claims.getClaim("sid");
            if (!ISSUER.equals(claims.getIssuer())
                    || exp == null
                    || !exp.toInstant().isAfter(now)
                    || iat == null
                    || iat.toInstant().isAfter(now.plusSeconds(60))
                    || !(sid instanceof String)
                    || claims.getSubject() == null) {
                return Optional.empty();
            }
            return Optional.of(
                    new Claims(UUID.fromString(claims.getSubject()), UUID.fromString((String) sid), exp.toInstant()));
        } catch (ParseException | JOSEException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
